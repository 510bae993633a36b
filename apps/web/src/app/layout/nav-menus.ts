import { isStaffRole, type SessionUser, type SignInMode } from '@linesight/contract';
import type { RouteName } from '../../lib/routes';
import type { TranslationKey } from '../../lib/translation-key';

export interface NavEntry {
  labelKey: TranslationKey;
  route: RouteName;
  /** Opens the current line of service; disabled while there is none. */
  needsLine?: boolean;
}

export interface NavMenu {
  labelKey: TranslationKey;
  entries: readonly NavEntry[];
}

/** The navigation bar of seed 000 section 2, per role. */
export const reportsMenu: NavMenu = {
  labelKey: 'NAV.REPORTS',
  entries: [
    { labelKey: 'NAV.DASHBOARD', route: 'base.dashboard' },
    { labelKey: 'NAV.UPTIME_REPORT', route: 'base.uptime-report' },
    { labelKey: 'NAV.QOE_REPORT', route: 'base.qoe-report' },
  ],
};

export const networkMenu: NavMenu = {
  labelKey: 'NAV.NETWORK',
  entries: [
    { labelKey: 'NAV.SUMMARY', route: 'base.summary', needsLine: true },
    { labelKey: 'NAV.BANDWIDTH', route: 'base.bandwidth', needsLine: true },
    { labelKey: 'NAV.QOE', route: 'base.qoe', needsLine: true },
    { labelKey: 'NAV.WIFI', route: 'base.wifi', needsLine: true },
  ],
};

export const gatewayMenu: NavMenu = {
  labelKey: 'NAV.GATEWAY',
  entries: [
    { labelKey: 'NAV.SITE_SURVEY', route: 'base.site-survey', needsLine: true },
    { labelKey: 'NAV.PHYSICAL_STATUS', route: 'base.gateway-physical-status', needsLine: true },
    { labelKey: 'NAV.WAN_STATS', route: 'base.gateway-wan-stats', needsLine: true },
  ],
};

export const consumerAdvancedStatsMenu: NavMenu = {
  labelKey: 'NAV.ADVANCED_STATS',
  entries: [
    { labelKey: 'NAV.BANDWIDTH', route: 'base.bandwidth', needsLine: true },
    { labelKey: 'NAV.SITE_SURVEY', route: 'base.site-survey', needsLine: true },
  ],
};

/** User management exists only for local accounts (signInMode cahUser). */
export function adminMenu(signInMode: SignInMode | undefined): NavMenu {
  const entries: NavEntry[] = [{ labelKey: 'NAV.PROVISIONING', route: 'base.provisioning' }];
  if (signInMode === 'cahUser')
    entries.push({ labelKey: 'NAV.USER_MANAGEMENT', route: 'base.user-management' });
  return { labelKey: 'NAV.ADMIN', entries };
}

const searchLink: NavEntry = { labelKey: 'NAV.SEARCH', route: 'base.search' };
const consumerSummaryLink: NavEntry = {
  labelKey: 'NAV.SUMMARY',
  route: 'base.summary',
  needsLine: true,
};

export type NavItem = { kind: 'menu'; menu: NavMenu } | { kind: 'link'; entry: NavEntry };

export interface Navigation {
  items: readonly NavItem[];
  /** The lines the line-of-service selector offers; empty hides it. */
  lineChoices: readonly string[];
}

/**
 * The navigation bar of seed 000 section 2 for a user: staff get Reports, Search, Network and
 * Gateway, and admins Admin (user management only while the portal uses local accounts);
 * consumers get Summary and Advanced Stats, and a line selector when they have several lines.
 */
export function navigationFor(
  user: SessionUser,
  portalSignInMode: SignInMode | undefined,
): Navigation {
  if (user.role === 'Consumer') {
    return {
      items: [
        { kind: 'link', entry: consumerSummaryLink },
        { kind: 'menu', menu: consumerAdvancedStatsMenu },
      ],
      lineChoices: user.linesOfService.length > 1 ? user.linesOfService : [],
    };
  }
  if (!isStaffRole(user.role)) return { items: [], lineChoices: [] };
  const items: NavItem[] = [
    { kind: 'menu', menu: reportsMenu },
    { kind: 'link', entry: searchLink },
    { kind: 'menu', menu: networkMenu },
    { kind: 'menu', menu: gatewayMenu },
  ];
  if (user.role === 'Admin') items.push({ kind: 'menu', menu: adminMenu(portalSignInMode) });
  return { items, lineChoices: [] };
}
