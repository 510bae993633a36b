import type { SessionUser } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { signOutDestination } from './sign-out-destination';

const user = (fields: Partial<SessionUser>): SessionUser => ({
  id: 'u1',
  email: 'someone@example.com',
  name: 'Someone',
  role: 'CSR',
  linesOfService: [],
  idToken: null,
  ssoLogoutUrl: null,
  ...fields,
});

describe(signOutDestination.name, () => {
  it('should send a single-sign-on session on to the provider’s logout', () => {
    const ssoUser = user({ idToken: 'id-token', ssoLogoutUrl: 'https://idp.example/logout?x=1' });
    expect(signOutDestination(ssoUser)).toEqual({
      kind: 'provider',
      logoutUrl: 'https://idp.example/logout?x=1',
    });
  });

  it('should show sso-signed-out when the provider has no logout address', () => {
    expect(signOutDestination(user({ idToken: 'id-token' }))).toEqual({
      kind: 'screen',
      path: '/sso-signed-out',
    });
  });

  it('should return consumers to their sign-in page, and everyone else to the staff one', () => {
    expect(signOutDestination(user({ role: 'Consumer', linesOfService: ['L1'] }))).toEqual({
      kind: 'screen',
      path: '/consumer-sign-in',
    });
    expect(signOutDestination(user({}))).toEqual({ kind: 'screen', path: '/' });
    expect(signOutDestination(null)).toEqual({ kind: 'screen', path: '/' });
  });
});
