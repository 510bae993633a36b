import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The gateways' connection request endpoint (TR-069 3.2.2): one HTTP server per simulator
 * process, a path per gateway. An ACS GETs a gateway's `ConnectionRequestURL` with HTTP Digest
 * (RFC 7616, MD5, qop auth) and the `ConnectionRequestUsername`/`Password` it set; the gateway
 * answers 200 and opens a session with `6 CONNECTION REQUEST`. Until the ACS has set a username,
 * no request can prove itself and every one is refused with 401: the standard says a CPE must
 * authenticate connection requests, and an open door would let anyone start sessions.
 */

export interface ConnectionRequestTarget {
  /** The credentials a request must carry; null refuses every request (none set yet). */
  credentials(): { username: string; password: string } | null;
  /** An authenticated request arrived: start a session (or one after the open session). */
  onConnectionRequest(): void;
}

export interface ConnectionRequestServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
}

const realm = 'LineSight simulated CPE';
/** A nonce older than this is stale: the client asks again with a fresh one. */
const nonceLifetimeMs = 5 * 60_000;

export class ConnectionRequestServer {
  private readonly server: Server;
  private readonly targets = new Map<string, ConnectionRequestTarget>();
  /** Nonces issued, with their time: only ours are taken, and not for ever. */
  private readonly nonces = new Map<string, number>();
  private origin = '';

  constructor() {
    this.server = createServer((request, response) => this.handle(request, response));
    this.server.keepAliveTimeout = 1000;
  }

  async listen(options: ConnectionRequestServerOptions = {}): Promise<void> {
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    this.origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  }

  /** Registers a gateway at `/cr/{key}` and answers its ConnectionRequestURL. */
  register(key: string, target: ConnectionRequestTarget): string {
    const path = `/cr/${encodeURIComponent(key)}`;
    this.targets.set(path, target);
    return `${this.origin}${path}`;
  }

  unregister(url: string): void {
    this.targets.delete(new URL(url).pathname);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    request.resume();
    const path = new URL(request.url ?? '/', 'http://cpe').pathname;
    const target = this.targets.get(path);
    if (!target) {
      response.writeHead(404).end();
      return;
    }
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET' }).end();
      return;
    }
    const credentials = target.credentials();
    const verdict = credentials
      ? this.verify(request, credentials)
      : { ok: false as const, stale: false };
    if (!verdict.ok) {
      response.writeHead(401, { 'www-authenticate': this.challenge(verdict.stale) }).end();
      return;
    }
    response.writeHead(200, { 'content-length': '0' }).end();
    target.onConnectionRequest();
  }

  private challenge(stale: boolean): string {
    const now = Date.now();
    for (const [nonce, issuedAt] of this.nonces) {
      if (now - issuedAt > nonceLifetimeMs) this.nonces.delete(nonce);
    }
    const nonce = randomBytes(16).toString('hex');
    this.nonces.set(nonce, now);
    return (
      `Digest realm="${realm}", qop="auth", algorithm=MD5, nonce="${nonce}"` +
      (stale ? ', stale=true' : '')
    );
  }

  private verify(
    request: IncomingMessage,
    credentials: { username: string; password: string },
  ): { ok: true } | { ok: false; stale: boolean } {
    const fields = parseDigest(request.headers.authorization ?? '');
    if (!fields) return { ok: false, stale: false };
    const { username, nonce, uri, response, cnonce, nc } = fields;
    const issuedAt = nonce ? this.nonces.get(nonce) : undefined;
    if (issuedAt === undefined || Date.now() - issuedAt > nonceLifetimeMs) {
      return { ok: false, stale: issuedAt !== undefined };
    }
    if (
      username !== credentials.username ||
      fields.realm !== realm ||
      uri !== request.url ||
      fields.qop !== 'auth' ||
      (fields.algorithm ?? 'MD5').toUpperCase() !== 'MD5' ||
      !cnonce ||
      !nc ||
      !response
    ) {
      return { ok: false, stale: false };
    }
    const ha1 = md5(`${credentials.username}:${realm}:${credentials.password}`);
    const ha2 = md5(`GET:${uri}`);
    const expected = md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`);
    const given = Buffer.from(response.toLowerCase());
    const ok = given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
    return ok ? { ok: true } : { ok: false, stale: false };
  }
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/** The fields of `Authorization: Digest a="b", c=d`; null for any other scheme. */
function parseDigest(header: string): Record<string, string | undefined> | null {
  const match = /^Digest\s+(.*)$/is.exec(header.trim());
  if (!match?.[1]) return null;
  const fields: Record<string, string | undefined> = {};
  for (const field of match[1].matchAll(/([a-z0-9-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/gi)) {
    const [, name, quoted, bare] = field;
    if (name) fields[name.toLowerCase()] = quoted?.replaceAll(/\\(.)/g, '$1') ?? bare;
  }
  return fields;
}
