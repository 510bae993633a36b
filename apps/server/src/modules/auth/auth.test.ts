import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  signedInToken,
  strongPassphrase,
  type TestApp,
  ping,
} from '../../../test/test-app';

describe('staff sign-in and sessions', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' });
    await createUser(sut, { email: 'Agent.Smith@Example.com', role: 'CSR', name: 'Agent Smith' });
    await createUser(sut, { email: 'admin@example.com', role: 'Admin', name: 'Ada Admin' });
    await createUser(sut, {
      email: 'new.admin@example.com',
      role: 'Admin',
      mustChangePassphrase: true,
    });
    await createUser(sut, { email: 'consumer@example.com', role: 'Consumer' });
  });
  afterAll(() => sut.close());

  describe('POST /api/user/v1/authenticate', () => {
    it('should answer the session user and a new token for the right passphrase', async () => {
      const response = await signIn(sut.app, 'agent.smith@example.com');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: expect.any(String),
        email: 'Agent.Smith@Example.com',
        name: 'Agent Smith',
        role: 'CSR',
        linesOfService: [],
        idToken: null,
        ssoLogoutUrl: null,
      });
      expect(String(response.headers['x-cah-token'])).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(response.headers['x-cah-build']).toBe('test-build');
    });

    it('should issue a different token at every sign-in', async () => {
      const first = await signedInToken(sut, 'admin@example.com');
      const second = await signedInToken(sut, 'admin@example.com');
      expect(first).not.toBe(second);
    });

    it('should refuse a wrong passphrase with 401 and the invalid-combination code', async () => {
      const response = await signIn(sut.app, 'admin@example.com', 'Wrong-passphrase-1');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: {
          code: 'SIGNIN.INVALID_USERNAME_PASSPHRASE',
          message: 'Invalid Username and Passphrase combination.',
        },
        isLockedOut: false,
        configuredLockoutSeconds: 300,
      });
      expect(response.headers['x-cah-token']).toBe('');
    });

    it('should answer an unknown e-mail exactly as a known one with a wrong passphrase', async () => {
      const unknown = await signIn(sut.app, 'nobody@example.com', 'Wrong-passphrase-1');
      const known = await signIn(sut.app, 'agent.smith@example.com', 'Wrong-passphrase-1');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
    });

    it('should present a user whose passphrase must change with role MustChangePassphrase', async () => {
      const response = await signIn(sut.app, 'new.admin@example.com');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ role: 'MustChangePassphrase' });
    });

    it('should refuse consumers, who sign in through My Network', async () => {
      const response = await signIn(sut.app, 'consumer@example.com');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: { code: 'SIGNIN.INVALID_USERNAME_PASSPHRASE' },
      });
    });

    it.each([
      ['no body', undefined],
      ['no user', { email: 'admin@example.com', passphrase: strongPassphrase }],
      ['an invalid e-mail', { user: { email: 'not-an-email', passphrase: strongPassphrase } }],
      ['an empty passphrase', { user: { email: 'admin@example.com', passphrase: '' } }],
      [
        'a passphrase over 127 characters',
        { user: { email: 'admin@example.com', passphrase: 'A1!'.repeat(43) } },
      ],
    ])('should answer 400 REQUEST.INVALID for %s', async (_name, payload) => {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/user/v1/authenticate',
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('REQUEST.INVALID');
    });

    it('should answer 400 REQUEST.INVALID_STRING for U+0000 in a field', async () => {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/user/v1/authenticate',
        payload: { user: { email: 'admin@example.com', passphrase: 'abc\u0000def' } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('REQUEST.INVALID_STRING');
    });
  });

  describe('lockout', () => {
    it('should lock after five failures and refuse even the right passphrase until it ends', async () => {
      await createUser(sut, { email: 'locked@example.com' });
      const answers = [];
      for (let attempt = 1; attempt <= 5; attempt++) {
        answers.push((await signIn(sut.app, 'locked@example.com', 'Wrong-passphrase-1')).json());
      }
      expect(answers.slice(0, 4).map((answer) => answer.isLockedOut)).toEqual([
        false,
        false,
        false,
        false,
      ]);
      expect(answers[4]).toEqual({
        error: { code: 'SIGNIN.LOCKED_OUT', message: expect.any(String) },
        isLockedOut: true,
        configuredLockoutSeconds: 300,
      });

      const whileLocked = await signIn(sut.app, 'locked@example.com');
      expect(whileLocked.statusCode).toBe(401);
      expect(whileLocked.json()).toMatchObject({
        isLockedOut: true,
        configuredLockoutSeconds: 300,
      });

      sut.clock.advanceSeconds(299);
      expect((await signIn(sut.app, 'locked@example.com')).json()).toMatchObject({
        isLockedOut: true,
      });

      sut.clock.advanceSeconds(1);
      expect((await signIn(sut.app, 'locked@example.com')).statusCode).toBe(200);
    });

    it('should lock an unknown e-mail exactly as a known one', async () => {
      for (let attempt = 1; attempt <= 5; attempt++) {
        await signIn(sut.app, 'ghost@example.com', 'Wrong-passphrase-1');
        await createUser(sut, { email: 'real@example.com' }).catch(() => undefined);
        await signIn(sut.app, 'real@example.com', 'Wrong-passphrase-1');
      }
      const ghost = await signIn(sut.app, 'ghost@example.com', 'Wrong-passphrase-1');
      const real = await signIn(sut.app, 'real@example.com', 'Wrong-passphrase-1');
      expect(ghost.body).toBe(real.body);
      expect(ghost.json()).toMatchObject({ isLockedOut: true });
    });

    it('should start counting again after a successful sign-in', async () => {
      await createUser(sut, { email: 'forgetful@example.com' });
      for (let attempt = 1; attempt <= 4; attempt++) {
        await signIn(sut.app, 'forgetful@example.com', 'Wrong-passphrase-1');
      }
      expect((await signIn(sut.app, 'forgetful@example.com')).statusCode).toBe(200);
      const next = await signIn(sut.app, 'forgetful@example.com', 'Wrong-passphrase-1');
      expect(next.json()).toMatchObject({ isLockedOut: false });
    });

    it('should count concurrent failures without losing any', async () => {
      await createUser(sut, { email: 'hammered@example.com' });
      await Promise.all(
        Array.from({ length: 5 }, () =>
          signIn(sut.app, 'hammered@example.com', 'Wrong-passphrase-1'),
        ),
      );
      expect((await signIn(sut.app, 'hammered@example.com')).json()).toMatchObject({
        isLockedOut: true,
      });
    });
  });

  describe('GET /api/ping/secure', () => {
    it('should answer 200 and echo the token for a live session', async () => {
      const token = await signedInToken(sut, 'admin@example.com');
      const response = await ping(sut.app, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['x-cah-token']).toBe(token);
    });

    it('should answer 401 AUTH.UNAUTHENTICATED without a token or with an unknown one', async () => {
      for (const headers of [{}, { 'x-cah-token': 'not-a-session' }]) {
        const response = await sut.app.inject({ method: 'GET', url: '/api/ping/secure', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json().error.code).toBe('AUTH.UNAUTHENTICATED');
        expect(response.headers['x-cah-token']).toBe('');
      }
    });

    it('should keep a session alive while it is used and end it after 60 idle minutes', async () => {
      const token = await signedInToken(sut, 'admin@example.com');
      const pingSession = () => ping(sut.app, token);
      for (let minute = 0; minute < 4; minute++) {
        sut.clock.advanceSeconds(50 * 60);
        expect((await pingSession()).statusCode).toBe(200);
      }
      sut.clock.advanceSeconds(60 * 60);
      expect((await pingSession()).statusCode).toBe(401);
      sut.clock.advanceSeconds(-60 * 60);
      expect((await pingSession()).statusCode).toBe(401);
    });

    it('should end a session at its absolute lifetime even while it is used', async () => {
      const token = await signedInToken(sut, 'admin@example.com');
      const pingSession = () => ping(sut.app, token);
      for (let hour = 0; hour < 23; hour++) {
        sut.clock.advanceSeconds(30 * 60);
        expect((await pingSession()).statusCode).toBe(200);
      }
      sut.clock.advanceSeconds(30 * 60);
      expect((await pingSession()).statusCode).toBe(401);
    });

    it('should let every call sent at once with one token succeed', async () => {
      const token = await signedInToken(sut, 'admin@example.com');
      sut.clock.advanceSeconds(120);
      const responses = await Promise.all(Array.from({ length: 10 }, () => ping(sut.app, token)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    });
  });

  describe('POST /api/user/v1/signOut', () => {
    it('should end the session so its token no longer works', async () => {
      const token = await signedInToken(sut, 'admin@example.com');
      const signOut = await sut.app.inject({
        method: 'POST',
        url: '/api/user/v1/signOut',
        headers: { 'x-cah-token': token },
      });
      expect(signOut.statusCode).toBe(204);
      const afterSignOut = await ping(sut.app, token);
      expect(afterSignOut.statusCode).toBe(401);
    });
  });

  describe('expired-session cleanup', () => {
    it('should delete sessions past their idle timeout', async () => {
      await signedInToken(sut, 'admin@example.com');
      sut.clock.advanceSeconds(61 * 60);
      expect(await sut.app.services.auth.deleteExpiredSessions()).toBeGreaterThan(0);
      expect(await sut.app.services.auth.deleteExpiredSessions()).toBe(0);
    });
  });
});

describe('sign-in rate limit', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ SIGNIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => sut.close());

  it('should answer 429 REQUEST.RATE_LIMITED past the per-client limit', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push(
        (await signIn(sut.app, 'someone@example.com', 'Wrong-passphrase-1')).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await signIn(sut.app, 'someone@example.com', 'Wrong-passphrase-1');
    expect(limited.json().error.code).toBe('REQUEST.RATE_LIMITED');
  });
});
