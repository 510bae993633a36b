import type { Role, SessionUser } from '@linesight/contract';
import { generatePath, matchPath } from 'react-router';
import { signInModeOf } from './sign-in-mode';

/**
 * Every route of seed 000 section 2, by its state name, defined once. Screens link by name,
 * never by a path written out again.
 */
export const routePaths = {
  'base.sign-in': '/',
  'base.consumer-sign-in': '/consumer-sign-in',
  'base.ui-sign-out': '/sign-out',
  'sso-signed-out': '/sso-signed-out',
  'base.dashboard': '/dashboard',
  'base.search': '/search',
  'base.summary': '/summary/:losCode',
  'base.bandwidth': '/bandwidth/:losCode',
  'base.bandwidth.devices': '/bandwidth/:losCode/devices',
  'base.bandwidth.detail': '/bandwidth/:losCode/detail/:deviceMac',
  'base.wifi': '/wifi/:losCode',
  'base.wifi.devices': '/wifi/:losCode/devices',
  'base.wifi.detail': '/wifi/:losCode/detail/:deviceMac',
  'base.site-survey': '/site-survey/:losCode',
  'base.gateway-physical-status': '/physical-status/:losCode',
  'base.gateway-wan-stats': '/wan-stats/:losCode',
  'base.provisioning': '/provisioning',
  'base.user-management': '/user-management',
  'base.forgot-passphrase': '/forgot-passphrase',
  'base.reset-forgot-passphrase': '/reset-forgot-passphrase/:token',
  'base.uptime-report': '/uptime-report',
  'base.qoe-report': '/qoe-report',
  'base.qoe': '/qoe/:losCode',
} as const;

export type RouteName = keyof typeof routePaths;

type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<Name extends RouteName> = Record<
  ParamNames<(typeof routePaths)[Name]>,
  string
>;

/** The URL of a named route: `href('base.summary', { losCode })`. */
export function href<Name extends RouteName>(
  name: Name,
  ...params: ParamNames<(typeof routePaths)[Name]> extends never ? [] : [RouteParams<Name>]
): string {
  return generatePath(routePaths[name] as string, params[0]);
}

/** Who may open a screen (seed 000 section 6, seed 001 section 6). */
export type ScreenAccess = 'public' | readonly Role[];

const staff = ['Admin', 'CSR'] as const;
const staffAndConsumers = ['Admin', 'CSR', 'Consumer'] as const;

export const screenAccess: Record<RouteName, ScreenAccess> = {
  'base.sign-in': 'public',
  'base.consumer-sign-in': 'public',
  'base.ui-sign-out': 'public',
  'sso-signed-out': 'public',
  'base.forgot-passphrase': 'public',
  'base.reset-forgot-passphrase': 'public',
  'base.dashboard': staff,
  'base.search': staff,
  'base.uptime-report': staff,
  'base.qoe-report': staff,
  'base.summary': staffAndConsumers,
  'base.bandwidth': staffAndConsumers,
  'base.bandwidth.devices': staffAndConsumers,
  'base.bandwidth.detail': staffAndConsumers,
  'base.site-survey': staffAndConsumers,
  'base.wifi': staff,
  'base.wifi.devices': staff,
  'base.wifi.detail': staff,
  'base.qoe': staff,
  'base.gateway-physical-status': staff,
  'base.gateway-wan-stats': staff,
  'base.provisioning': ['Admin'],
  'base.user-management': ['Admin'],
};

/** Screens with the navigation menu hidden, besides every screen while signed out. */
export const screensWithoutNavigation: readonly RouteName[] = [
  'base.sign-in',
  'base.consumer-sign-in',
  'base.ui-sign-out',
  'sso-signed-out',
  'base.forgot-passphrase',
  'base.reset-forgot-passphrase',
];

/** Screens that exist only for local accounts (signInMode cahUser). */
export const localAccountScreens: readonly RouteName[] = ['base.user-management'];

export function mayOpen(
  name: RouteName,
  role: Role | null,
  signInMode: string | undefined,
): boolean {
  const access = screenAccess[name];
  if (access === 'public') return true;
  if (localAccountScreens.includes(name) && signInMode !== 'cahUser') return false;
  // A staff user whose passphrase must change reaches staff screens only to be held at the
  // forced change, which the layout shows in their place.
  const actingRole = role === 'MustChangePassphrase' ? 'CSR' : role;
  return actingRole !== null && access.includes(actingRole);
}

/**
 * The line of service a user is looking at: the first of the candidates (the route's line, then
 * the stored one). A consumer only ever looks at one of their own lines, their first by default.
 */
export function currentLineFor(
  user: SessionUser,
  ...candidates: (string | undefined)[]
): string | undefined {
  if (user.role !== 'Consumer') return candidates.find((losCode) => losCode !== undefined);
  return (
    candidates.find((losCode) => losCode !== undefined && user.linesOfService.includes(losCode)) ??
    user.linesOfService[0]
  );
}

/**
 * Where a user lands after sign-in when no address was requested: CSR and Admin on search,
 * consumers on the summary of their current or first line.
 */
export function landingPath(user: SessionUser, currentLineOfService?: string): string {
  if (user.role !== 'Consumer') return href('base.search');
  const losCode = currentLineFor(user, currentLineOfService);
  // A consumer with no line has nothing to see: signing out beats a screen that cannot load.
  return losCode ? href('base.summary', { losCode }) : href('base.ui-sign-out');
}

/**
 * A consumer who opens a line that is not theirs goes to the summary of their first line (the
 * server refuses that line's data anyway); null when the line may be opened.
 */
export function foreignLineRedirect(user: SessionUser, losCode: string | undefined): string | null {
  if (user.role !== 'Consumer' || losCode === undefined) return null;
  return user.linesOfService.includes(losCode) ? null : landingPath(user);
}

const portalOrigin = 'http://portal.invalid';

/**
 * The named screen a path of this portal opens, with its parameters; undefined when no screen
 * has it, or when the "path" leads to another site (`//elsewhere.example/search`).
 */
export function screenAt(
  path: string,
): { name: RouteName; params: Partial<Record<string, string>> } | undefined {
  const url = new URL(path, portalOrigin);
  if (url.origin !== portalOrigin) return undefined;
  const pathname = url.pathname;
  for (const name of Object.keys(routePaths) as RouteName[]) {
    const match = matchPath(routePaths[name], pathname);
    if (!match) continue;
    // Parameters come as the address holds them; the router hands screens decoded ones.
    const params = Object.fromEntries(
      Object.entries(match.params).map(([key, value]) => [key, value && decodeSegment(value)]),
    );
    return { name, params };
  }
  return undefined;
}

/**
 * Whether a path opens a data screen (one that needs a signed-in user): the address worth
 * coming back to after sign-in. The sign-in and sign-out pages are not: a screen that makes
 * several calls gets several 401s, and the later ones arrive once the user is already there.
 */
export function isDataScreenPath(path: string): boolean {
  const screen = screenAt(path);
  return screen !== undefined && screenAccess[screen.name] !== 'public';
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Where a user goes after sign-in: back to the address kept when they were sent to sign in, if
 * it is a data screen they may open, else their landing screen.
 */
export function landingAfterSignIn(user: SessionUser, requestedUrl: string | undefined): string {
  const requested = requestedUrl === undefined ? undefined : screenAt(requestedUrl);
  const mayReturn =
    requested !== undefined &&
    screenAccess[requested.name] !== 'public' &&
    mayOpen(requested.name, user.role, signInModeOf(user)) &&
    foreignLineRedirect(user, requested.params.losCode) === null;
  return mayReturn && requestedUrl ? requestedUrl : landingPath(user);
}

/**
 * Where choosing another line of service leads: the same kind of screen for that line. A
 * device's detail becomes the other line's device list; screens without a line open its summary.
 */
export function lineSwitchPath(route: RouteName | undefined, losCode: string): string {
  const screen = (route && deviceListOf[route]) ?? route;
  if (screen && routePaths[screen].match(/:\w+/g)?.join() === ':losCode') {
    return href(screen as 'base.summary', { losCode });
  }
  return href('base.summary', { losCode });
}

const deviceListOf: Partial<Record<RouteName, RouteName>> = {
  'base.bandwidth.detail': 'base.bandwidth.devices',
  'base.wifi.detail': 'base.wifi.devices',
};
