import type { RouteName } from './routes';

/** The i18n key of each screen's title. */
export const screenTitleKeys = {
  'base.sign-in': 'SIGNIN.TITLE',
  'base.consumer-sign-in': 'PAGES.CONSUMER_SIGN_IN',
  'base.ui-sign-out': 'NAV.SIGN_OUT',
  'sso-signed-out': 'PAGES.SSO_SIGNED_OUT',
  'base.dashboard': 'NAV.DASHBOARD',
  'base.search': 'NAV.SEARCH',
  'base.summary': 'NAV.SUMMARY',
  'base.bandwidth': 'NAV.BANDWIDTH',
  'base.bandwidth.devices': 'NAV.BANDWIDTH',
  'base.bandwidth.detail': 'NAV.BANDWIDTH',
  'base.wifi': 'NAV.WIFI',
  'base.wifi.devices': 'NAV.WIFI',
  'base.wifi.detail': 'NAV.WIFI',
  'base.site-survey': 'NAV.SITE_SURVEY',
  'base.gateway-physical-status': 'NAV.PHYSICAL_STATUS',
  'base.gateway-wan-stats': 'NAV.WAN_STATS',
  'base.provisioning': 'NAV.PROVISIONING',
  'base.user-management': 'NAV.USER_MANAGEMENT',
  'base.forgot-passphrase': 'PAGES.FORGOT_PASSPHRASE',
  'base.reset-forgot-passphrase': 'PAGES.RESET_PASSPHRASE',
  'base.uptime-report': 'NAV.UPTIME_REPORT',
  'base.qoe-report': 'NAV.QOE_REPORT',
  'base.qoe': 'NAV.QOE',
} as const satisfies Record<RouteName, string>;

export type TitleKey = (typeof screenTitleKeys)[RouteName];
