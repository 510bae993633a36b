import { apiPaths, type WifiSettings, wifiSettingsSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import type { LineQueryOptions } from '../refresh';

/** The gateway's radios and networks; null before it reports them (204). */
export async function getWifiSettings(losCode: string): Promise<WifiSettings | null> {
  const settings = await apiRequest(generatePath(apiPaths.wifiSettings, { code: losCode }), {
    schema: wifiSettingsSchema.optional(),
  });
  return settings ?? null;
}

export const wifiSettingsQueryOptions = (losCode: string) =>
  queryOptions({ queryKey: ['wifi-settings', losCode], queryFn: () => getWifiSettings(losCode) });

export function useWifiSettings(losCode: string, options: LineQueryOptions = {}) {
  return useQuery({ ...wifiSettingsQueryOptions(losCode), ...options });
}
