import {
  apiPaths,
  type WifiSpectrumAnalyzer,
  wifiSpectrumAnalyzerSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/wifiSpectrumAnalyzer/v1/{code}: the survey of each band and the recommended channels;
 * null (204) before the gateway has reported a survey or its radios.
 */
export async function getWifiSpectrumAnalyzer(
  losCode: string,
): Promise<WifiSpectrumAnalyzer | null> {
  const body = await apiRequest<unknown>(
    generatePath(apiPaths.wifiSpectrumAnalyzer, { code: losCode }),
  );
  return body === undefined ? null : wifiSpectrumAnalyzerSchema.parse(body);
}

export const wifiSpectrumAnalyzerQueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: ['wifi-spectrum-analyzer', losCode],
    queryFn: () => getWifiSpectrumAnalyzer(losCode),
  });

export function useWifiSpectrumAnalyzer(
  losCode: string,
  options: { refetchInterval?: number } = {},
) {
  return useQuery({ ...wifiSpectrumAnalyzerQueryOptions(losCode), ...options });
}
