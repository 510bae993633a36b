import {
  apiPaths,
  type Timespan,
  type WanStatsResponse,
  wanStatsResponseSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { lineHealthRefetchMs, spanQuery, timespanRange } from '../../line-health/chart-span';

/**
 * GET /api/wanStats/v1/span/{losCode}?startTime&endTime over the timespan back from now: null
 * when the server answers 204 (the gateway has reported no DSL or DOCSIS statistics).
 */
export async function getWanStats(
  losCode: string,
  timespan: Timespan,
): Promise<WanStatsResponse | null> {
  const query = spanQuery(timespanRange(timespan));
  const body = await apiRequest<unknown>(
    `${generatePath(apiPaths.wanStatsSpan, { losCode })}?${query}`,
  );
  return body === undefined ? null : wanStatsResponseSchema.parse(body);
}

export const wanStatsQueryOptions = (losCode: string, timespan: Timespan) =>
  queryOptions({
    queryKey: ['wan-stats', losCode, timespan],
    queryFn: () => getWanStats(losCode, timespan),
  });

/** Asked again every 300 s while the page is open and visible (seed 001 section 4). */
export function useWanStats(losCode: string, timespan: Timespan) {
  return useQuery({
    ...wanStatsQueryOptions(losCode, timespan),
    refetchInterval: lineHealthRefetchMs,
    // Keeps the screen (its line type, its tables) while another timespan loads.
    placeholderData: (previous) => previous,
  });
}
