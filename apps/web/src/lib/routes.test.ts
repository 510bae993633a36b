import type { SessionUser } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { href, landingPath, mayOpen, routePaths } from './routes';

const user = (role: SessionUser['role'], linesOfService: string[] = []): SessionUser => ({
  id: 'u1',
  email: 'someone@example.com',
  name: 'Someone',
  role,
  linesOfService,
});

describe('routePaths', () => {
  it('should hold every state of seed 000 section 2 with its path', () => {
    expect(routePaths).toMatchObject({
      'base.sign-in': '/',
      'base.ui-sign-out': '/sign-out',
      'base.dashboard': '/dashboard',
      'base.search': '/search',
      'base.summary': '/summary/:losCode',
      'base.bandwidth': '/bandwidth/:losCode',
      'base.bandwidth.devices': '/bandwidth/:losCode/devices',
      'base.bandwidth.detail': '/bandwidth/:losCode/detail/:deviceMac',
      'base.wifi': '/wifi/:losCode',
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
    });
  });
});

describe(href.name, () => {
  it('should fill and encode parameters', () => {
    expect(href('base.summary', { losCode: 'LOS 1/2' })).toBe('/summary/LOS%201%2F2');
    expect(href('base.bandwidth.detail', { losCode: 'L1', deviceMac: 'aa:bb' })).toBe(
      '/bandwidth/L1/detail/aa%3Abb',
    );
  });
});

describe(landingPath.name, () => {
  it('should land CSR and Admin on search', () => {
    expect(landingPath(user('CSR'))).toBe('/search');
    expect(landingPath(user('Admin'))).toBe('/search');
  });

  it('should land consumers on the summary of their current or first line', () => {
    expect(landingPath(user('Consumer', ['L1', 'L2']))).toBe('/summary/L1');
    expect(landingPath(user('Consumer', ['L1', 'L2']), 'L2')).toBe('/summary/L2');
  });
});

describe(mayOpen.name, () => {
  it('should keep provisioning and user management for admins', () => {
    expect(mayOpen('base.provisioning', 'Admin', 'cahUser')).toBe(true);
    expect(mayOpen('base.provisioning', 'CSR', 'cahUser')).toBe(false);
    expect(mayOpen('base.user-management', 'Consumer', 'cahUser')).toBe(false);
  });

  it('should open user management only for local-account sign-ins', () => {
    expect(mayOpen('base.user-management', 'Admin', 'cahUser')).toBe(true);
    expect(mayOpen('base.user-management', 'Admin', 'sso')).toBe(false);
  });

  it('should keep consumers to summary, bandwidth and site survey', () => {
    expect(mayOpen('base.summary', 'Consumer', 'consumer')).toBe(true);
    expect(mayOpen('base.bandwidth.devices', 'Consumer', 'consumer')).toBe(true);
    expect(mayOpen('base.site-survey', 'Consumer', 'consumer')).toBe(true);
    for (const screen of [
      'base.search',
      'base.dashboard',
      'base.gateway-wan-stats',
      'base.wifi',
      'base.qoe',
    ] as const) {
      expect(mayOpen(screen, 'Consumer', 'consumer')).toBe(false);
    }
  });

  it('should let anyone open the sign-in and passphrase screens, and nobody signed out open the others', () => {
    expect(mayOpen('base.sign-in', null, undefined)).toBe(true);
    expect(mayOpen('base.reset-forgot-passphrase', null, undefined)).toBe(true);
    expect(mayOpen('base.search', null, undefined)).toBe(false);
  });
});
