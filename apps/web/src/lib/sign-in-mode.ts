import type { SessionUser, SignInMode } from '@linesight/contract';

/**
 * How a session was signed in: a local account (cahUser), single sign-on (sso), or a consumer's
 * device-manager credentials (consumer), as the server records it too.
 */
export type SessionSignInMode = SignInMode | 'consumer';

export function signInModeOf(user: SessionUser): SessionSignInMode {
  if (user.role === 'Consumer') return 'consumer';
  return user.idToken === null ? 'cahUser' : 'sso';
}
