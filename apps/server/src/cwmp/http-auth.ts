/**
 * HTTP authentication on the shared ACS URL (decision 023): Basic, and Digest (RFC 7616) with
 * MD5 or SHA-256 and qop `auth` (or none, RFC 2069, as old agents send it). The username is the
 * line of service code, the password the line's reporting token.
 *
 * Nonces are stateless: the time they were issued and an HMAC of it under the server's secret,
 * good for `nonceSeconds`; an expired one that the server did sign is answered `stale=true`, so
 * the gateway retries with a fresh nonce without asking anyone for a password. Nonce counts are
 * not tracked (that would need state shared by every server process): a captured request can be
 * replayed within the nonce's life, which the gateway's TLS is what prevents.
 */

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';
import { digestAlgorithms, digestResponse, parseAuthItems } from './digest';

export const acsRealm = 'LineSight ACS';

/** The Digest algorithms the ACS offers, the strongest first, and the only ones it takes. */
const offeredAlgorithms: readonly string[] = ['SHA-256', 'MD5'];

function equalText(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/** The credentials a request carries, to be checked against the line its username names. */
export interface Presented {
  username: string;
  /** Whether `password` is the one the request was made with. */
  verify(password: string): boolean;
}

export class AcsAuthenticator {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: Clock,
    private readonly nonceSeconds = 300,
  ) {}

  private signature(issued: string): string {
    return createHmac('sha256', this.secret).update(issued).digest('base64url').slice(0, 32);
  }

  private nonce(): string {
    const issued = String(this.clock.now().getTime());
    return Buffer.from(`${issued}:${this.signature(issued)}`).toString('base64url');
  }

  /** 'fresh', 'stale' (signed here, expired) or 'forged'. */
  private nonceState(nonce: string): 'fresh' | 'stale' | 'forged' {
    const [issued = '', signature = ''] = Buffer.from(nonce, 'base64url').toString().split(':');
    if (!/^\d+$/.test(issued) || !equalText(signature, this.signature(issued))) return 'forged';
    const age = this.clock.now().getTime() - Number(issued);
    return age >= 0 && age <= this.nonceSeconds * 1000 ? 'fresh' : 'stale';
  }

  /** The `WWW-Authenticate` challenges of a 401: Digest SHA-256, Digest MD5, Basic. */
  challenges(stale = false): string[] {
    const nonce = this.nonce();
    const digest = (algorithm: string): string =>
      `Digest realm="${acsRealm}", qop="auth", algorithm=${algorithm}, nonce="${nonce}"` +
      (stale ? ', stale=true' : '');
    return [...offeredAlgorithms.map(digest), `Basic realm="${acsRealm}", charset="UTF-8"`];
  }

  /**
   * The credentials of an `Authorization` header for a request of `method` to `url`; undefined
   * when there are none that could be right, `stale` when a Digest nonce has expired.
   */
  read(header: string | undefined, method: string, url: string): Presented | 'stale' | undefined {
    if (!header) return undefined;
    const space = header.indexOf(' ');
    const scheme = header.slice(0, space).toLowerCase();
    const rest = header.slice(space + 1).trim();
    if (scheme === 'basic') {
      const decoded = Buffer.from(rest, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return undefined;
      const password = decoded.slice(colon + 1);
      return {
        username: decoded.slice(0, colon),
        verify: (expected) => equalText(password, expected),
      };
    }
    if (scheme !== 'digest') return undefined;
    const parameters = parseAuthItems([header])[0]?.params ?? new Map<string, string>();
    const get = (key: string): string => parameters.get(key) ?? '';
    const algorithm = (get('algorithm') || 'MD5').toUpperCase();
    const hashName = digestAlgorithms[algorithm];
    if (!offeredAlgorithms.includes(algorithm) || !hashName) return undefined;
    const uri = get('uri');
    const path = uri.startsWith('/') ? uri : uri.replace(/^https?:\/\/[^/]+/, '');
    if (get('realm') !== acsRealm || path !== url) return undefined;
    const state = this.nonceState(get('nonce'));
    if (state === 'forged') return undefined;
    if (state === 'stale') return 'stale';
    const qop = get('qop');
    if (qop !== '' && qop !== 'auth') return undefined;
    const username = get('username');
    return {
      username,
      verify: (password) => {
        const expected = digestResponse({
          hashName,
          username,
          realm: acsRealm,
          password,
          method,
          uri,
          nonce: get('nonce'),
          qop: qop === 'auth' ? 'auth' : null,
          nc: get('nc'),
          cnonce: get('cnonce'),
        });
        return equalText(get('response').toLowerCase(), expected);
      },
    };
  }
}
