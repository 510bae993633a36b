import { describe, expect, it } from 'vitest';
import {
  adminMenu,
  consumerAdvancedStatsMenu,
  gatewayMenu,
  networkMenu,
  reportsMenu,
} from './nav-menus';

const routesOf = (menu: { entries: readonly { route: string }[] }) =>
  menu.entries.map((entry) => entry.route);

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
