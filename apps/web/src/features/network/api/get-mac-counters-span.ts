import {
  apiPaths,
  type MacCountersResponse,
  macCountersResponseSchema,
  zoomLeadSeconds,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import type { TimeRange } from '../../../components/charts/zoom';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/maccounter/v1/span/{losCode}?startTime&endTime&macAddress…: a zoomed range of the
 * devices named. The request starts two minutes before the range (seed 001 section 7), so the
 * range's first point is whole.
 */
export async function getMacCountersSpan(
  losCode: string,
  range: TimeRange,
  macAddresses: readonly string[],
): Promise<MacCountersResponse> {
  const query = new URLSearchParams({
    startTime: String(Math.round(range.start - zoomLeadSeconds * 1000)),
    endTime: String(Math.round(range.end)),
  });
  for (const macAddress of macAddresses) query.append('macAddress', macAddress);
  const body = await apiRequest<unknown>(
    `${generatePath(apiPaths.macCountersSpan, { losCode })}?${query}`,
  );
  return body === undefined ? { hosts: [] } : macCountersResponseSchema.parse(body);
}

export const macCountersSpanQueryOptions = (
  losCode: string,
  range: TimeRange,
  macAddresses: readonly string[],
) =>
  queryOptions({
    queryKey: ['maccounter-span', losCode, range, macAddresses],
    queryFn: () => getMacCountersSpan(losCode, range, macAddresses),
  });

/** A zoom is a fixed range in the past: it is loaded once, not refreshed. */
export function useMacCountersSpan(
  losCode: string,
  range: TimeRange | null,
  macAddresses: readonly string[],
) {
  return useQuery({
    ...macCountersSpanQueryOptions(losCode, range ?? { start: 0, end: 0 }, macAddresses),
    enabled: range !== null,
  });
}
