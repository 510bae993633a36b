import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendConnectionRequest } from './connection-request';

const credentials = { username: 'acs-7f3a', password: 's3cret "pass" \\ word' };

interface Gateway {
  url: string;
  requests: IncomingMessage[];
}

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A gateway's connection request server on 127.0.0.1, answering with `handle`. */
async function gateway(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  path = '/cr/abc?x=1',
): Promise<Gateway> {
  const requests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    requests.push(request);
    handle(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${path}`, requests };
}

/** The `key=value` and `key="value"` fields of an Authorization header, unquoted. */
function fieldsOf(header: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [, key = '', quotedValue, bare] of header.matchAll(
    /(\w+)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g,
  )) {
    fields.set(key, quotedValue === undefined ? (bare ?? '') : quotedValue.replace(/\\(.)/g, '$1'));
  }
  return fields;
}

const h = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

/**
 * A Digest-protecting gateway that checks the response as RFC 7616 computes it, independently
 * of the code under test; `challenges` are its WWW-Authenticate headers, for `nonce`.
 */
function digestGateway(options: {
  challenges: (nonce: string) => string[];
  password?: string;
  seen?: Map<string, string>[];
}) {
  const nonce = randomBytes(8).toString('hex');
  const password = options.password ?? credentials.password;
  return (request: IncomingMessage, response: ServerResponse) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Digest ')) {
      const fields = fieldsOf(header);
      options.seen?.push(fields);
      const algorithm = (fields.get('algorithm') ?? 'MD5').toUpperCase();
      const hashName = algorithm.startsWith('SHA-256') ? 'sha256' : 'md5';
      const realm = fields.get('realm') ?? '';
      let ha1 = h(hashName, `${credentials.username}:${realm}:${password}`);
      if (algorithm.endsWith('-SESS')) ha1 = h(hashName, `${ha1}:${nonce}:${fields.get('cnonce')}`);
      const ha2 = h(hashName, `GET:${request.url}`);
      const expected = fields.has('qop')
        ? h(
            hashName,
            `${ha1}:${nonce}:${fields.get('nc')}:${fields.get('cnonce')}:${fields.get('qop')}:${ha2}`,
          )
        : h(hashName, `${ha1}:${nonce}:${ha2}`);
      const valid =
        fields.get('username') === credentials.username &&
        fields.get('nonce') === nonce &&
        fields.get('uri') === request.url &&
        fields.get('response') === expected;
      if (valid) {
        response.writeHead(204).end();
        return;
      }
    }
    response.writeHead(401, { 'www-authenticate': options.challenges(nonce) }).end('denied');
  };
}

describe('sendConnectionRequest', () => {
  it('should be accepted by a gateway that asks for no credentials, sending none', async () => {
    const cpe = await gateway((_, response) => response.writeHead(200).end('ok'));
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('accepted');
    expect(cpe.requests).toHaveLength(1);
    expect(cpe.requests[0]?.method).toBe('GET');
    expect(cpe.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('should answer a Digest MD5 challenge with qop auth, cnonce and nc', async () => {
    const seen: Map<string, string>[] = [];
    const cpe = await gateway(
      digestGateway({
        seen,
        challenges: (nonce) => [
          `Digest realm="cwmp@gateway", qop="auth,auth-int", nonce="${nonce}", opaque="5ccc"`,
        ],
      }),
    );
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('accepted');
    expect(cpe.requests).toHaveLength(2);
    const fields = seen[0];
    expect(fields?.get('uri')).toBe('/cr/abc?x=1');
    expect(fields?.get('qop')).toBe('auth');
    expect(fields?.get('nc')).toBe('00000001');
    expect(fields?.get('cnonce')).toMatch(/^[0-9a-f]{32}$/);
    expect(fields?.get('opaque')).toBe('5ccc');
    expect(fields?.has('algorithm')).toBe(false);
    expect(cpe.requests[1]?.headers.authorization).not.toContain(credentials.password);
  });

  it('should prefer SHA-256 when the gateway offers it beside MD5', async () => {
    const seen: Map<string, string>[] = [];
    const cpe = await gateway(
      digestGateway({
        seen,
        challenges: (nonce) => [
          `Digest realm="r", qop="auth", algorithm=MD5, nonce="${nonce}"`,
          `Digest realm="r", qop="auth", algorithm=SHA-256, nonce="${nonce}"`,
        ],
      }),
    );
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('accepted');
    expect(seen[0]?.get('algorithm')).toBe('SHA-256');
  });

  it('should answer the sess variant and a challenge without qop (RFC 2069)', async () => {
    const session = await gateway(
      digestGateway({
        challenges: (nonce) => [
          `Digest realm="r", qop="auth", algorithm=SHA-256-sess, nonce="${nonce}"`,
        ],
      }),
    );
    expect(await sendConnectionRequest(session.url, credentials)).toBe('accepted');
    const seen: Map<string, string>[] = [];
    const legacy = await gateway(
      digestGateway({ seen, challenges: (nonce) => [`Digest realm="r", nonce="${nonce}"`] }),
    );
    expect(await sendConnectionRequest(legacy.url, credentials)).toBe('accepted');
    expect(seen[0]?.has('qop')).toBe(false);
    expect(seen[0]?.has('cnonce')).toBe(false);
  });

  it('should be unauthorized when the gateway refuses the Digest answer', async () => {
    const cpe = await gateway(
      digestGateway({
        password: 'another',
        challenges: (nonce) => [`Digest realm="r", qop="auth", nonce="${nonce}"`],
      }),
    );
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('unauthorized');
    expect(cpe.requests).toHaveLength(2);
  });

  it('should answer once more when the gateway says the nonce went stale, and only then', async () => {
    // The first challenge's nonce has expired by the time it is answered.
    const current = digestGateway({
      challenges: (nonce) => [`Digest realm="r", qop="auth", nonce="${nonce}", stale=true`],
    });
    const cpe = await gateway((request, response) => {
      if (request.headers.authorization) current(request, response);
      else
        response
          .writeHead(401, { 'www-authenticate': 'Digest realm="r", qop="auth", nonce="old"' })
          .end();
    });
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('accepted');
    expect(cpe.requests).toHaveLength(3);

    const refusing = await gateway(
      digestGateway({
        password: 'another',
        challenges: (nonce) => [`Digest realm="r", qop="auth", nonce="${nonce}"`],
      }),
    );
    expect(await sendConnectionRequest(refusing.url, credentials)).toBe('unauthorized');
    expect(refusing.requests).toHaveLength(2);
  });

  it('should answer a Basic challenge with Basic, and be unauthorized when it is refused', async () => {
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    const basic = (request: IncomingMessage, response: ServerResponse) => {
      if (request.headers.authorization === expected) response.writeHead(200).end();
      else response.writeHead(401, { 'www-authenticate': 'Basic realm="cpe"' }).end();
    };
    const cpe = await gateway(basic);
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('accepted');
    expect(cpe.requests.map(({ headers }) => headers.authorization)).toEqual([undefined, expected]);
    expect(
      await sendConnectionRequest(cpe.url, { username: credentials.username, password: 'wrong' }),
    ).toBe('unauthorized');
  });

  it('should be unauthorized by a challenge it cannot answer, without sending credentials', async () => {
    const cpe = await gateway((_, response) =>
      response.writeHead(401, { 'www-authenticate': 'Negotiate' }).end(),
    );
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('unauthorized');
    expect(cpe.requests).toHaveLength(1);
  });

  it('should not follow a redirect, nor send anything where it points', async () => {
    const elsewhere = await gateway((_, response) => response.writeHead(200).end());
    const cpe = await gateway((_, response) =>
      response.writeHead(302, { location: elsewhere.url }).end(),
    );
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('failed');
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('should fail on another status', async () => {
    const cpe = await gateway((_, response) => response.writeHead(503).end());
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('failed');
  });

  it('should give up on a gateway that never answers, within the timeout', async () => {
    const cpe = await gateway(() => undefined);
    const started = Date.now();
    expect(await sendConnectionRequest(cpe.url, credentials, { timeoutMs: 300 })).toBe(
      'unreachable',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(cpe.requests).toHaveLength(1);
  });

  it('should find a closed port unreachable', async () => {
    const cpe = await gateway((_, response) => response.writeHead(200).end());
    const server = servers.pop();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    expect(await sendConnectionRequest(cpe.url, credentials)).toBe('unreachable');
  });

  it.each(['ftp://127.0.0.1/cr', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', ''])(
    'should fail without a request for %j',
    async (url) => {
      expect(await sendConnectionRequest(url, credentials)).toBe('failed');
    },
  );

  it("should send only the ACS's credentials, never those written in the URL", async () => {
    const cpe = await gateway((_, response) => response.writeHead(204).end());
    const url = cpe.url.replace('http://', 'http://admin:admin@');
    expect(await sendConnectionRequest(url, credentials)).toBe('accepted');
    expect(cpe.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("should fail when the caller's signal ends it", async () => {
    const cpe = await gateway(() => undefined);
    const controller = new AbortController();
    const pending = sendConnectionRequest(cpe.url, credentials, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toBe('failed');
    expect(await sendConnectionRequest(cpe.url, credentials, { signal: controller.signal })).toBe(
      'failed',
    );
  });
});
