/**
 * HTTP authentication's shared parts for both sides of the ACS: reading the scheme and
 * parameters of `WWW-Authenticate` and `Authorization` values, and RFC 7616's Digest response.
 * The ACS checks a gateway's response on the shared URL (http-auth.ts) and computes its own
 * for a gateway's connection request (connection-request.ts) with the same formula.
 */
import { createHash } from 'node:crypto';

/** One challenge or credentials: a scheme and its parameters, names in lower case. */
export interface AuthItem {
  scheme: string;
  params: Map<string, string>;
}

/**
 * The challenges of `WWW-Authenticate` values, or the Digest credentials of an `Authorization`
 * value (RFC 9110 section 11.6): each a scheme and its parameters; one header may hold several
 * challenges, and a value may be quoted with commas in. A token68 (Basic's credentials) is not
 * read here.
 */
export function parseAuthItems(headers: readonly string[]): AuthItem[] {
  const items: AuthItem[] = [];
  const item = /\s*,?\s*([^\s=,]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*))?/y;
  for (const header of headers) {
    item.lastIndex = 0;
    let current: AuthItem | undefined;
    let match: RegExpExecArray | null;
    while (item.lastIndex < header.length && (match = item.exec(header))) {
      const [, name = '', raw] = match;
      if (raw === undefined) {
        current = { scheme: name.toLowerCase(), params: new Map() };
        items.push(current);
      } else {
        const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
        current?.params.set(name.toLowerCase(), value);
      }
    }
  }
  return items;
}

/** RFC 7616's algorithms, the strongest first, by their names in `createHash`. */
export const digestAlgorithms: Readonly<Record<string, string>> = {
  'SHA-256': 'sha256',
  'SHA-512-256': 'sha512-256',
  MD5: 'md5',
};

/** RFC 7616's `H(data)`: the digest of UTF-8 text in lower-case hex. */
export const digestHash = (hashName: string, data: string): string =>
  createHash(hashName).update(data, 'utf8').digest('hex');

export interface DigestInput {
  /** The algorithm's name in `createHash`. */
  hashName: string;
  /** A `-sess` algorithm: HA1 takes the nonce and cnonce in. */
  session?: boolean;
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  /** None: the RFC 2069 form, without nc and cnonce. */
  qop: 'auth' | 'auth-int' | null;
  nc: string;
  cnonce: string;
  /** The body, for `auth-int`. */
  body?: string;
}

/** The `response` of Digest credentials (RFC 7616 section 3.4.1). */
export function digestResponse(input: DigestInput): string {
  const H = (data: string): string => digestHash(input.hashName, data);
  const { nonce, cnonce, nc, qop } = input;
  const secret = H(`${input.username}:${input.realm}:${input.password}`);
  const ha1 = input.session ? H(`${secret}:${nonce}:${cnonce}`) : secret;
  const ha2 =
    qop === 'auth-int'
      ? H(`${input.method}:${input.uri}:${H(input.body ?? '')}`)
      : H(`${input.method}:${input.uri}`);
  return qop ? H(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : H(`${ha1}:${nonce}:${ha2}`);
}
