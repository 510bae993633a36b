import {
  apiPaths,
  type MacCountersResponse,
  macCountersResponseSchema,
  refreshSeconds,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/maccounter30/v1/{losCode}: each device's month; 204 (no devices) before any report. */
export async function getMacCounters30(losCode: string): Promise<MacCountersResponse> {
  const body = await apiRequest<unknown>(generatePath(apiPaths.macCounters30, { losCode }));
  return body === undefined ? { hosts: [] } : macCountersResponseSchema.parse(body);
}

export const macCounters30QueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: ['maccounter30', losCode],
    queryFn: () => getMacCounters30(losCode),
  });

export function useMacCounters30(
  losCode: string,
  enabled: boolean,
  reportingFrequencySeconds: number | undefined,
) {
  return useQuery({
    ...macCounters30QueryOptions(losCode),
    enabled: enabled && reportingFrequencySeconds !== undefined,
    refetchInterval:
      reportingFrequencySeconds === undefined
        ? false
        : refreshSeconds(reportingFrequencySeconds) * 1000,
  });
}
