import { apiPaths, type WifiSettings, wifiSettingsSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from './api-client';

/** GET /api/wifiSettings/v1/{code}: null (204) before the gateway reports its radios. */
export async function getWifiSettings(losCode: string): Promise<WifiSettings | null> {
  const body = await apiRequest<unknown>(generatePath(apiPaths.wifiSettings, { code: losCode }));
  return body === undefined ? null : wifiSettingsSchema.parse(body);
}

export const wifiSettingsQueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: ['wifi-settings', losCode],
    queryFn: () => getWifiSettings(losCode),
  });

export function useWifiSettings(
  losCode: string,
  options: { refetchInterval?: number; enabled?: boolean } = {},
) {
  return useQuery({ ...wifiSettingsQueryOptions(losCode), ...options });
}
