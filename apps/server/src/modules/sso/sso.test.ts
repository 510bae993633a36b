import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import {
  type IdentityClaims,
  startTestIdentityProvider,
  type Tampering,
  type TestIdentityProvider,
} from '../../../test/test-identity-provider';
import { roleFromClaim } from './sso.service';

const ada: IdentityClaims = {
  sub: 'ada-1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  roles: ['linesight-csr'],
};

describe('single sign-on', () => {
  let idp: TestIdentityProvider;
  let sut: TestApp;

  beforeAll(async () => {
    idp = await startTestIdentityProvider();
    sut = await createTestApp({
      PUBLIC_URL: 'http://portal.example.com',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_ADMIN_ROLES: 'linesight-admins',
      OIDC_CSR_ROLES: 'linesight-csr',
      OIDC_ALLOW_HTTP: 'true',
    });
  });
  afterAll(async () => {
    await sut.close();
    await idp.close();
  });

  async function ssoUrl(): Promise<string> {
    const response = await sut.app.inject({ method: 'GET', url: '/api/user/v1/sso' });
    expect(response.statusCode).toBe(200);
    return String(response.json<{ ssoUrl: string }>().ssoUrl);
  }

  function stepTwo(payload: { code: string; state: string }) {
    return sut.app.inject({ method: 'POST', url: '/api/user/v1/sso', payload });
  }

  async function signInAs(claims: IdentityClaims, tampering?: Tampering) {
    return stepTwo(idp.authorize(await ssoUrl(), claims, tampering));
  }

  it('should send step 1 to the provider with state, nonce and a PKCE challenge', async () => {
    const url = new URL(await ssoUrl());
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe('http://portal.example.com/');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const parameter of ['state', 'nonce', 'code_challenge']) {
      expect(url.searchParams.get(parameter)?.length).toBeGreaterThanOrEqual(32);
    }
    // Every attempt has its own.
    expect(new URL(await ssoUrl()).searchParams.get('state')).not.toBe(
      url.searchParams.get('state'),
    );
  });

  it('should sign a user in from the ID token’s claims, creating the account', async () => {
    const response = await signInAs(ada);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      role: 'CSR',
      linesOfService: [],
    });
    const { idToken, ssoLogoutUrl } = response.json<{ idToken: string; ssoLogoutUrl: string }>();
    expect(idToken.split('.')).toHaveLength(3);
    const logout = new URL(ssoLogoutUrl);
    expect(`${logout.origin}${logout.pathname}`).toBe(`${idp.issuer}/logout`);
    expect(logout.searchParams.get('id_token_hint')).toBe(idToken);
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(
      'http://portal.example.com/sso-signed-out',
    );
    const token = String(response.headers['x-cah-token']);
    const ping = await sut.app.inject({
      method: 'GET',
      url: '/api/ping/secure',
      headers: { 'x-cah-token': token },
    });
    expect(ping.statusCode).toBe(200);
  });

  it('should update the account from later claims: a new role and name', async () => {
    const response = await signInAs({ ...ada, name: 'Ada King', roles: ['linesight-admins'] });
    expect(response.json()).toMatchObject({ name: 'Ada King', role: 'Admin' });
  });

  it('should refuse a user whose claims grant no portal role', async () => {
    const response = await signInAs({ ...ada, sub: 'x', email: 'x@example.com', roles: ['other'] });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('SSO.NOT_PERMITTED');
  });

  it('should refuse an address the provider has not verified', async () => {
    const response = await signInAs({ ...ada, email_verified: false });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('SSO.SIGN_IN_FAILED');
  });

  it('should refuse a consumer’s address', async () => {
    await createUser(sut, { email: 'mwc-bob', role: 'Consumer' });
    const response = await signInAs({ ...ada, email: 'mwc-bob' });
    expect(response.json().error.code).toBe('SSO.NOT_PERMITTED');
  });

  it.each<[string, Tampering]>([
    ['a wrong nonce', { nonce: 'not-the-nonce-we-sent' }],
    ['a wrong audience', { audience: 'another-client' }],
    ['a wrong issuer', { issuer: 'https://evil.example.com' }],
    ['an expired ID token', { expiresAt: Math.floor(Date.now() / 1000) - 600 }],
    ['an unsigned ID token', { unsigned: true }],
  ])('should refuse %s', async (_case, tampering) => {
    const response = await signInAs(ada, tampering);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('SSO.SIGN_IN_FAILED');
    expect(response.headers['x-cah-token']).toBe('');
  });

  it('should refuse a forged state, and a state used twice', async () => {
    const { code } = idp.authorize(await ssoUrl(), ada);
    const forged = await stepTwo({ code, state: 'a-state-we-never-issued' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('SSO.SIGN_IN_FAILED');

    const authorized = idp.authorize(await ssoUrl(), ada);
    expect((await stepTwo(authorized)).statusCode).toBe(200);
    const replay = await stepTwo(authorized);
    expect(replay.statusCode).toBe(401);
  });

  it('should refuse a state whose attempt is older than ten minutes', async () => {
    const authorized = idp.authorize(await ssoUrl(), ada);
    sut.clock.advanceSeconds(11 * 60);
    expect((await stepTwo(authorized)).statusCode).toBe(401);
  });
});

describe('without single sign-on configured', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('should answer {} so the portal uses local accounts, and refuse step 2', async () => {
    const info = await sut.app.inject({ method: 'GET', url: '/api/user/v1/sso' });
    expect(info.json()).toEqual({});
    const step2 = await sut.app.inject({
      method: 'POST',
      url: '/api/user/v1/sso',
      payload: { code: 'x', state: 'y' },
    });
    expect(step2.statusCode).toBe(400);
    expect(step2.json().error.code).toBe('SSO.NOT_CONFIGURED');
  });
});

describe(roleFromClaim.name, () => {
  const settings = { adminValues: ['admins'], csrValues: ['csr', 'support'] };
  it.each([
    [['support'], 'CSR'],
    [['csr', 'admins'], 'Admin'],
    ['support admins', 'Admin'],
    [['nobody'], null],
    [undefined, null],
    [42, null],
  ] as const)('should read %j as %s', (value, role) => {
    expect(roleFromClaim(value, settings)).toBe(role);
  });
});
