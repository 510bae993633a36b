import { type WanClass } from '@linesight/contract';
import type { RouteName } from './routes';

/** Knowledge-base pages that exist (seed 000 section 1). */
export const helpPages = [
  'bandwidth',
  'dashboard',
  'gateway-physical-status',
  'gateway-wan-stats',
  'gateway-wan-stats-docsis',
  'provisioning',
  'qoe',
  'qoe-report',
  'search',
  'site-survey',
  'summary',
  'uptime-report',
  'user-management',
  'wifi',
] as const;
export type HelpPage = (typeof helpPages)[number];

const helpPageByRoute: Partial<Record<RouteName, HelpPage>> = {
  'base.dashboard': 'dashboard',
  'base.search': 'search',
  'base.summary': 'summary',
  'base.bandwidth': 'bandwidth',
  'base.bandwidth.devices': 'bandwidth',
  'base.bandwidth.detail': 'bandwidth',
  'base.wifi': 'wifi',
  'base.wifi.devices': 'wifi',
  'base.wifi.detail': 'wifi',
  'base.site-survey': 'site-survey',
  'base.gateway-physical-status': 'gateway-physical-status',
  'base.gateway-wan-stats': 'gateway-wan-stats',
  'base.provisioning': 'provisioning',
  'base.user-management': 'user-management',
  'base.uptime-report': 'uptime-report',
  'base.qoe-report': 'qoe-report',
  'base.qoe': 'qoe',
};

/**
 * The help page for a screen: summary for screens without their own, and the DOCSIS variant of
 * WAN statistics when the line is cable.
 */
export function helpPageFor(route: RouteName | undefined, lineClass?: WanClass): HelpPage {
  const page = (route && helpPageByRoute[route]) ?? 'summary';
  return page === 'gateway-wan-stats' && lineClass === 'docsis' ? 'gateway-wan-stats-docsis' : page;
}

export function helpUrl(knowledgeBaseUrl: string, page: HelpPage): string {
  return `${knowledgeBaseUrl.replace(/\/$/, '')}/${page}`;
}
