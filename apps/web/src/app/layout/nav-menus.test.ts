import type { SessionUser } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import {
  adminMenu,
  consumerAdvancedStatsMenu,
  gatewayMenu,
  type NavItem,
  navigationFor,
  networkMenu,
  reportsMenu,
} from './nav-menus';

const routesOf = (menu: { entries: readonly { route: string }[] }) =>
  menu.entries.map((entry) => entry.route);

const user = (role: SessionUser['role'], linesOfService: string[] = []): SessionUser => ({
  id: 'u1',
  email: 'someone@example.com',
  name: 'Someone',
  role,
  linesOfService,
  idToken: null,
  ssoLogoutUrl: null,
});

/** What the bar shows, as its labels: a menu's label with its entries, or a link's label. */
const labelsOf = (items: readonly NavItem[]) =>
  items.map((item) =>
    item.kind === 'menu'
      ? `${item.menu.labelKey}: ${item.menu.entries.map((entry) => entry.labelKey).join(', ')}`
      : item.entry.labelKey,
  );

describe(adminMenu.name, () => {
  it('should offer user management only to local-account sign-ins', () => {
    expect(routesOf(adminMenu('cahUser'))).toEqual(['base.provisioning', 'base.user-management']);
    expect(routesOf(adminMenu('sso'))).toEqual(['base.provisioning']);
    expect(routesOf(adminMenu(undefined))).toEqual(['base.provisioning']);
  });
});

describe('the menus of seed 000 section 2', () => {
  it('should hold their entries in the seed order', () => {
    expect(routesOf(reportsMenu)).toEqual([
      'base.dashboard',
      'base.uptime-report',
      'base.qoe-report',
    ]);
    expect(routesOf(networkMenu)).toEqual([
      'base.summary',
      'base.bandwidth',
      'base.qoe',
      'base.wifi',
    ]);
    expect(routesOf(gatewayMenu)).toEqual([
      'base.site-survey',
      'base.gateway-physical-status',
      'base.gateway-wan-stats',
    ]);
    expect(routesOf(consumerAdvancedStatsMenu)).toEqual(['base.bandwidth', 'base.site-survey']);
  });

  it('should make every line screen wait for a line of service', () => {
    for (const menu of [networkMenu, gatewayMenu, consumerAdvancedStatsMenu]) {
      expect(menu.entries.every((entry) => entry.needsLine)).toBe(true);
    }
  });
});

describe(navigationFor.name, () => {
  it('should give consumers Summary and Advanced Stats, and nothing of the staff menus', () => {
    const { items } = navigationFor(user('Consumer', ['L1']), 'cahUser');
    expect(labelsOf(items)).toEqual([
      'NAV.SUMMARY',
      'NAV.ADVANCED_STATS: NAV.BANDWIDTH, NAV.SITE_SURVEY',
    ]);
  });

  it('should offer the line selector only to consumers with more than one line', () => {
    expect(navigationFor(user('Consumer', ['L1']), 'cahUser').lineChoices).toEqual([]);
    expect(navigationFor(user('Consumer', ['L1', 'L2']), 'cahUser').lineChoices).toEqual([
      'L1',
      'L2',
    ]);
    expect(navigationFor(user('Admin', ['L1', 'L2']), 'cahUser').lineChoices).toEqual([]);
  });

  it('should give CSRs Reports, Search, Network and Gateway, and no Admin menu', () => {
    expect(labelsOf(navigationFor(user('CSR'), 'cahUser').items)).toEqual([
      'NAV.REPORTS: NAV.DASHBOARD, NAV.UPTIME_REPORT, NAV.QOE_REPORT',
      'NAV.SEARCH',
      'NAV.NETWORK: NAV.SUMMARY, NAV.BANDWIDTH, NAV.QOE, NAV.WIFI',
      'NAV.GATEWAY: NAV.SITE_SURVEY, NAV.PHYSICAL_STATUS, NAV.WAN_STATS',
    ]);
  });

  it('should give admins the Admin menu, with user management only while the portal uses local accounts', () => {
    const adminLabels = (mode: 'cahUser' | 'sso' | undefined) =>
      labelsOf(navigationFor(user('Admin'), mode).items).at(-1);
    expect(adminLabels('cahUser')).toBe('NAV.ADMIN: NAV.PROVISIONING, NAV.USER_MANAGEMENT');
    expect(adminLabels('sso')).toBe('NAV.ADMIN: NAV.PROVISIONING');
    expect(adminLabels(undefined)).toBe('NAV.ADMIN: NAV.PROVISIONING');
  });

  it('should show no menus while a passphrase change is forced', () => {
    expect(navigationFor(user('MustChangePassphrase'), 'cahUser').items).toEqual([]);
  });
});
