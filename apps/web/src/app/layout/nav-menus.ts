import type { TranslationKey } from '../../lib/translation-key';
import type { RouteName } from '../../lib/routes';

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
export function adminMenu(signInMode: string | undefined): NavMenu {
  const entries: NavEntry[] = [{ labelKey: 'NAV.PROVISIONING', route: 'base.provisioning' }];
  if (signInMode === 'cahUser')
    entries.push({ labelKey: 'NAV.USER_MANAGEMENT', route: 'base.user-management' });
  return { labelKey: 'NAV.ADMIN', entries };
}
