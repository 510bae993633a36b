import type { SessionUser } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { signInModeOf } from './sign-in-mode';

const user = (role: SessionUser['role'], idToken: string | null = null): SessionUser => ({
  id: 'u1',
  email: 'someone@example.com',
  name: 'Someone',
  role,
  linesOfService: [],
  idToken,
  ssoLogoutUrl: null,
});

describe(signInModeOf.name, () => {
  it('should tell local accounts, single sign-on and consumers apart', () => {
    expect(signInModeOf(user('Admin'))).toBe('cahUser');
    expect(signInModeOf(user('CSR', 'id-token'))).toBe('sso');
    expect(signInModeOf(user('Consumer'))).toBe('consumer');
  });
});
