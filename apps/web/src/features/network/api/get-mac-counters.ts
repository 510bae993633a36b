import {
  apiPaths,
  type MacCountersResponse,
  macCountersResponseSchema,
  refreshSeconds,
  type Timespan,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

export type MacCountersTimespan = Exclude<Timespan, 'month'>;

/**
 * GET /api/maccounter/v1/{losCode}?timespan: each device's counters over one timespan. A
 * gateway that never reported answers 204: no devices.
 */
export async function getMacCounters(
  losCode: string,
  timespan: MacCountersTimespan,
): Promise<MacCountersResponse> {
  const body = await apiRequest<unknown>(
    `${generatePath(apiPaths.macCounters, { losCode })}?${new URLSearchParams({ timespan })}`,
  );
  return body === undefined ? { hosts: [] } : macCountersResponseSchema.parse(body);
}

export const macCountersQueryOptions = (losCode: string, timespan: MacCountersTimespan) =>
  queryOptions({
    queryKey: ['maccounter', losCode, timespan],
    queryFn: () => getMacCounters(losCode, timespan),
  });

/**
 * Refreshed every `refreshSeconds(frequency)` (seed 001 section 4) while the page is open and
 * visible, once the reporting frequency is known.
 */
export function useMacCounters(
  losCode: string,
  timespan: MacCountersTimespan | null,
  reportingFrequencySeconds: number | undefined,
) {
  return useQuery({
    ...macCountersQueryOptions(losCode, timespan ?? 'day'),
    enabled: timespan !== null && reportingFrequencySeconds !== undefined,
    refetchInterval:
      reportingFrequencySeconds === undefined
        ? false
        : refreshSeconds(reportingFrequencySeconds) * 1000,
  });
}
