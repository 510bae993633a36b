import { createHash, randomBytes } from 'node:crypto';

/**
 * For the tests: an ACS's side of a connection request, HTTP Digest (RFC 7616, MD5, qop auth)
 * written from the RFC, not from the server it tests.
 */

export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/** The challenge's fields: `Digest realm="…", nonce="…", qop="auth"`. */
function challengeOf(header: string | null): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, name, value] of (header ?? '').matchAll(/(\w+)="?([^",]*)"?/g)) {
    if (name && value !== undefined) fields[name] = value;
  }
  return fields;
}

/**
 * GETs `url` as an ACS does: without credentials, then answering the challenge; `tamper`
 * changes the answer's fields before it is sent.
 */
export async function connectionRequest(
  url: string,
  credentials: { username: string; password: string },
  tamper: (fields: Record<string, string>) => void = () => undefined,
): Promise<{ first: number; second: number }> {
  const first = await fetch(url);
  const challenge = challengeOf(first.headers.get('www-authenticate'));
  const uri = new URL(url).pathname;
  const cnonce = randomBytes(8).toString('hex');
  const nc = '00000001';
  const ha1 = md5(`${credentials.username}:${challenge.realm}:${credentials.password}`);
  const ha2 = md5(`GET:${uri}`);
  const fields: Record<string, string> = {
    username: credentials.username,
    realm: challenge.realm ?? '',
    nonce: challenge.nonce ?? '',
    uri,
    qop: 'auth',
    nc,
    cnonce,
    response: md5(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`),
    algorithm: 'MD5',
  };
  tamper(fields);
  const unquoted = new Set(['nc', 'qop', 'algorithm']);
  const authorization = `Digest ${Object.entries(fields)
    .map(([name, value]) => (unquoted.has(name) ? `${name}=${value}` : `${name}="${value}"`))
    .join(', ')}`;
  const second = await fetch(url, { headers: { authorization } });
  return { first: first.status, second: second.status };
}
