import type { SessionUser } from '@linesight/contract';
import { href } from '../../lib/routes';

export type SignOutDestination =
  { kind: 'provider'; logoutUrl: string } | { kind: 'screen'; path: string };

/**
 * Where sign-out leads (seed 000 section 2, base.ui-sign-out). A single-sign-on session goes on
 * to the provider's logout, which sends the browser back to sso-signed-out; without a logout
 * address it goes there at once, since the sign-in page would sign it straight back in through
 * the provider. Consumers return to their own sign-in page, staff to theirs.
 */
export function signOutDestination(user: SessionUser | null): SignOutDestination {
  if (user?.ssoLogoutUrl) return { kind: 'provider', logoutUrl: user.ssoLogoutUrl };
  if (user && user.idToken !== null) return { kind: 'screen', path: href('sso-signed-out') };
  if (user?.role === 'Consumer') return { kind: 'screen', path: href('base.consumer-sign-in') };
  return { kind: 'screen', path: href('base.sign-in') };
}
