import { describe, expect, it } from 'vitest';
import { helpPageFor, helpPages, helpUrl } from './help';
import { routePaths, type RouteName } from './routes';

describe(helpPageFor.name, () => {
  it('should give each screen with help its own page', () => {
    expect(helpPageFor('base.search')).toBe('search');
    expect(helpPageFor('base.bandwidth.detail')).toBe('bandwidth');
    expect(helpPageFor('base.wifi.devices')).toBe('wifi');
    expect(helpPageFor('base.gateway-physical-status')).toBe('gateway-physical-status');
    expect(helpPageFor('base.user-management')).toBe('user-management');
  });

  it('should use the summary page for screens without one, and when the screen is unknown', () => {
    expect(helpPageFor('base.forgot-passphrase')).toBe('summary');
    expect(helpPageFor(undefined)).toBe('summary');
  });

  it('should use the DOCSIS variant on WAN statistics for cable lines only', () => {
    expect(helpPageFor('base.gateway-wan-stats', 'docsis')).toBe('gateway-wan-stats-docsis');
    expect(helpPageFor('base.gateway-wan-stats', 'dsl')).toBe('gateway-wan-stats');
    expect(helpPageFor('base.summary', 'docsis')).toBe('summary');
  });

  it('should reach every knowledge-base page the seed lists from some screen', () => {
    const reached = new Set(
      (Object.keys(routePaths) as RouteName[]).flatMap((route) => [
        helpPageFor(route),
        helpPageFor(route, 'docsis'),
      ]),
    );
    expect([...reached].sort()).toEqual([...helpPages].sort());
  });
});

describe(helpUrl.name, () => {
  it('should join the knowledge-base address and the page', () => {
    expect(helpUrl('https://kb.example/care/', 'qoe-report')).toBe(
      'https://kb.example/care/qoe-report',
    );
  });
});
