import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, redactedUrl } from '../src/app';
import { resolveBuildId } from '../src/build-info';
import { ManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createTestApp, type TestApp, writeBuiltClient } from './test-app';

describe('the app', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => sut.close());

  describe('GET /api/health', () => {
    it('should answer 200 with the database status and the build', async () => {
      const response = await sut.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        database: { status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        build: 'test-build',
      });
    });

    it('should answer a trailing slash like the path without it', async () => {
      const response = await sut.app.inject({ method: 'GET', url: '/api/health/' });
      expect(response.statusCode).toBe(200);
    });
  });

  it('should put the token and build headers and security headers on every response, errors included', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/ping/secure']) {
      const response = await sut.app.inject({ method: 'GET', url });
      expect(response.headers).toHaveProperty('x-cah-token');
      expect(response.headers['x-cah-build']).toBe('test-build');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(String(response.headers['content-security-policy'])).toContain(
        "frame-ancestors 'none'",
      );
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(String(response.headers['permissions-policy'])).toContain('camera=()');
      expect(String(response.headers['permissions-policy'])).toContain('geolocation=()');
    }
  });

  it('should forbid any cache to keep an API or collector answer, errors included', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/ping/secure', '/report/v1/00']) {
      const response = await sut.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('should not serve the API documents when API_DOCS is false', async () => {
    const closed = await createTestApp({ API_DOCS: 'false' });
    try {
      const response = await closed.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('should answer unknown API paths with 404 REQUEST.NOT_FOUND', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('REQUEST.NOT_FOUND');
  });

  it('should answer an oversize body with 413 REQUEST.TOO_LARGE', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/user/v1/authenticate',
      payload: { user: { email: 'a@example.com', passphrase: 'x'.repeat(4096) } },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('REQUEST.TOO_LARGE');
  });

  it.each([
    ['bad percent-encoding', '/api/subscriber/v1/%E0%A4%A', 400],
    ['a parameter longer than the router takes', `/api/subscriber/v1/${'z'.repeat(2000)}`, 414],
  ])('should answer a path with %s in the API’s error shape', async (_name, url, status) => {
    const response = await sut.app.inject({ method: 'PUT', url, payload: { name: 'x' } });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe('REQUEST.INVALID');
  });

  it('should answer malformed JSON with 400 and a code', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/user/v1/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"user":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('REQUEST.INVALID');
  });

  it('should publish the OpenAPI document at /api/docs with the seed paths', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/user/v1/authenticate', '/api/ping/secure', '/api/health']),
    );
  });
});

describe('route access declarations', () => {
  it('should refuse to start when a route does not declare who may call it', async () => {
    const database = await openDatabase({ kind: 'pglite', inMemory: true });
    const config = { ...loadConfig({}), webRoot: undefined };
    const app = await buildApp({
      config,
      database,
      buildId: 'x',
      logger: false,
      clock: new ManualClock(),
    });
    app.get('/api/forgotten', async () => ({}));
    await expect(app.ready()).rejects.toThrow('GET /api/forgotten');
    await database.close();
  });

  it('should refuse to start when a route open to consumers does not declare its line scope', async () => {
    const database = await openDatabase({ kind: 'pglite', inMemory: true });
    const config = { ...loadConfig({}), webRoot: undefined };
    const app = await buildApp({ config, database, buildId: 'x', logger: false });
    app.get(
      '/api/bandwidthOf/:losCode',
      { config: { access: ['CSR', 'Consumer'] } },
      async () => ({}),
    );
    app.get('/api/anyoneSignedIn', { config: { access: 'signedIn' } }, async () => ({}));
    const starting = app.ready();
    await expect(starting).rejects.toThrow('GET /api/bandwidthOf/:losCode');
    await expect(starting).rejects.toThrow('GET /api/anyoneSignedIn');
    await database.close();
  });
});

describe('serving the web client', () => {
  let sut: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    sut = await createTestApp();
    const webRoot = writeBuiltClient();
    app = await buildApp({
      config: { ...sut.config, webRoot },
      database: sut.database,
      buildId: 'web',
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await sut.close();
  });

  it('should answer deep links with index.html, uncached', async () => {
    const response = await app.inject({ method: 'GET', url: '/summary/LOS-1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>LineSight</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('should answer HEAD on a deep link like GET', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/search' });
    expect(response.statusCode).toBe(200);
  });

  it('should cache hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['permissions-policy']).toBeDefined();
  });

  it('should still answer unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('REQUEST.NOT_FOUND');
  });
});

describe(resolveBuildId.name, () => {
  it('should prefer BUILD_ID, else digest the built index.html, else say dev', () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'linesight-build-'));
    writeFileSync(path.join(webRoot, 'index.html'), 'v1');
    expect(resolveBuildId('release-7', webRoot)).toBe('release-7');
    const first = resolveBuildId(undefined, webRoot);
    writeFileSync(path.join(webRoot, 'index.html'), 'v2');
    expect(resolveBuildId(undefined, webRoot)).not.toBe(first);
    expect(resolveBuildId(undefined, path.join(webRoot, 'missing'))).toBe('dev');
  });
});

describe(loadConfig.name, () => {
  it('should use the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      lockout: { maxFailures: 5, seconds: 300 },
      session: { idleSeconds: 3600, maxSeconds: 43200 },
      commandExpireSeconds: 300,
    });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('should take a command expiry of whole seconds, and refuse one too short to answer in', () => {
    expect(loadConfig({ COMMAND_EXPIRE_SECONDS: '20' }).commandExpireSeconds).toBe(20);
    expect(() => loadConfig({ COMMAND_EXPIRE_SECONDS: '1' })).toThrow('COMMAND_EXPIRE_SECONDS');
    expect(() => loadConfig({ COMMAND_EXPIRE_SECONDS: '2.5' })).toThrow('COMMAND_EXPIRE_SECONDS');
  });

  it('should refuse an admin e-mail without a passphrase, naming the problem', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@example.com' })).toThrow('ADMIN_PASSPHRASE');
  });

  it('should refuse a non-numeric port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT');
  });
});

describe('database maintenance', () => {
  it('should vacuum without error on the engine in use', async () => {
    const sut = await createTestApp();
    await expect(sut.database.maintain()).resolves.toBeUndefined();
    await sut.close();
  });
});

describe('with the database down', () => {
  it('should answer 503 on health and SERVER.DATABASE_UNAVAILABLE on the API, not crash', async () => {
    // Nothing listens on port 1: every connection is refused, as while PostgreSQL restarts.
    const database = await openDatabase({
      kind: 'postgres',
      url: 'postgres://nobody@127.0.0.1:1/none',
    });
    const config = { ...loadConfig({}), webRoot: undefined };
    const app = await buildApp({
      config,
      database,
      buildId: 'x',
      logger: false,
      clock: new ManualClock(),
    });
    await app.ready();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'unavailable',
      database: { status: 'unavailable', kind: 'postgres' },
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/user/v1/authenticate',
      payload: { user: { email: 'someone@example.com', passphrase: 'Whatever-it-is-1' } },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json().error.code).toBe('SERVER.DATABASE_UNAVAILABLE');
    await app.close();
    await database.close();
  });
});

describe(redactedUrl.name, () => {
  it.each([
    ['/report/v1/0123456789abcdef0123456789abcdef', '/report/v1/[token]'],
    ['/report/v1/0123abc/commands?wait=30', '/report/v1/[token]/commands?wait=30'],
    ['/reset-passphrase?token=s3cret&lang=fr', '/reset-passphrase?token=[redacted]&lang=fr'],
    [
      '/signin?code=abc&state=xyz&iss=https%3A%2F%2Fid',
      '/signin?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid',
    ],
    ['/api/search/v1/SMITH?page=2', '/api/search/v1/SMITH?page=2'],
  ])('should log %s as %s', (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});
