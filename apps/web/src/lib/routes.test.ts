import type { SessionUser } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import {
  currentLineFor,
  foreignLineRedirect,
  href,
  isDataScreenPath,
  landingAfterSignIn,
  landingPath,
  lineSwitchPath,
  mayOpen,
  routePaths,
  screenAt,
} from './routes';

const user = (
  role: SessionUser['role'],
  linesOfService: string[] = [],
  idToken: string | null = null,
): SessionUser => ({
  id: 'u1',
  email: 'someone@example.com',
  name: 'Someone',
  role,
  linesOfService,
  idToken,
  ssoLogoutUrl: null,
});
const consumer = user('Consumer', ['L1', 'L2']);

describe('routePaths', () => {
  it('should hold every state of seed 000 section 2 with its path', () => {
    expect(routePaths).toMatchObject({
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

  it('should never land a consumer on a line that is not theirs', () => {
    expect(landingPath(consumer, 'OTHER')).toBe('/summary/L1');
  });
});

describe(currentLineFor.name, () => {
  it('should take the route line, then the stored one, for staff', () => {
    expect(currentLineFor(user('CSR'), 'R', 'S')).toBe('R');
    expect(currentLineFor(user('CSR'), undefined, 'S')).toBe('S');
    expect(currentLineFor(user('CSR'), undefined, undefined)).toBeUndefined();
  });

  it('should keep a consumer on their own lines, their first by default', () => {
    expect(currentLineFor(consumer, 'L2', 'L1')).toBe('L2');
    expect(currentLineFor(consumer, 'OTHER', 'L2')).toBe('L2');
    expect(currentLineFor(consumer, undefined, undefined)).toBe('L1');
  });
});

describe(foreignLineRedirect.name, () => {
  it('should send a consumer who opens another line to the summary of their first line', () => {
    expect(foreignLineRedirect(consumer, 'OTHER')).toBe('/summary/L1');
  });

  it('should let consumers open their own lines, and staff any line', () => {
    expect(foreignLineRedirect(consumer, 'L2')).toBeNull();
    expect(foreignLineRedirect(consumer, undefined)).toBeNull();
    expect(foreignLineRedirect(user('CSR'), 'OTHER')).toBeNull();
  });
});

describe(screenAt.name, () => {
  it('should name the screen of a path, with its decoded parameters, ignoring the query', () => {
    expect(screenAt('/summary/LOS%201?tab=map')).toEqual({
      name: 'base.summary',
      params: { losCode: 'LOS 1' },
    });
    expect(screenAt('/bandwidth/L1/detail/aa%3Abb')).toMatchObject({
      name: 'base.bandwidth.detail',
      params: { losCode: 'L1', deviceMac: 'aa:bb' },
    });
    expect(screenAt('/search/')).toMatchObject({ name: 'base.search' });
    expect(screenAt('/nowhere')).toBeUndefined();
    expect(screenAt('//elsewhere.example/search')).toBeUndefined();
    expect(screenAt('https://elsewhere.example/search')).toBeUndefined();
  });
});

describe(isDataScreenPath.name, () => {
  it('should keep data screens to come back to, never the sign-in or sign-out pages', () => {
    expect(isDataScreenPath('/dashboard')).toBe(true);
    expect(isDataScreenPath('/summary/LOS-1?tab=map')).toBe(true);
    expect(isDataScreenPath('/sign-out')).toBe(false);
    expect(isDataScreenPath('/')).toBe(false);
    expect(isDataScreenPath('/consumer-sign-in')).toBe(false);
    expect(isDataScreenPath('/nowhere')).toBe(false);
  });
});

describe(landingAfterSignIn.name, () => {
  it('should return to the requested address when the user may open it', () => {
    expect(landingAfterSignIn(user('CSR'), '/wan-stats/X?span=day')).toBe('/wan-stats/X?span=day');
    expect(landingAfterSignIn(consumer, '/site-survey/L2')).toBe('/site-survey/L2');
  });

  it('should land instead when there is none, or the user may not open it', () => {
    expect(landingAfterSignIn(user('CSR'), undefined)).toBe('/search');
    expect(landingAfterSignIn(user('CSR'), '/provisioning')).toBe('/search');
    expect(landingAfterSignIn(user('Admin', [], 'id-token'), '/user-management')).toBe('/search');
    expect(landingAfterSignIn(consumer, '/search')).toBe('/summary/L1');
    expect(landingAfterSignIn(consumer, '/summary/OTHER')).toBe('/summary/L1');
    expect(landingAfterSignIn(consumer, '/sign-out')).toBe('/summary/L1');
    expect(landingAfterSignIn(consumer, '/no-such-screen')).toBe('/summary/L1');
    expect(landingAfterSignIn(user('CSR'), '//elsewhere.example/search')).toBe('/search');
  });
});

describe(lineSwitchPath.name, () => {
  it('should open the same kind of screen for the chosen line', () => {
    expect(lineSwitchPath('base.summary', 'L2')).toBe('/summary/L2');
    expect(lineSwitchPath('base.site-survey', 'L2')).toBe('/site-survey/L2');
    expect(lineSwitchPath('base.bandwidth.devices', 'L2')).toBe('/bandwidth/L2/devices');
  });

  it("should open the device list, not another line's device, from a device's detail", () => {
    expect(lineSwitchPath('base.bandwidth.detail', 'L2')).toBe('/bandwidth/L2/devices');
  });

  it('should open the summary from a screen without a line', () => {
    expect(lineSwitchPath('base.search', 'L2')).toBe('/summary/L2');
    expect(lineSwitchPath(undefined, 'L2')).toBe('/summary/L2');
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
      'base.gateway-physical-status',
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
