import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQoeSpan } from '../../../lib/qoe-span';

/** The daily table covers the last week: over two days, the span route answers one row a day. */
export const dailyQoeDays = 7;

/** The last week up to `now`. */
export function dailyQoeRange(now: number): { start: number; end: number } {
  return { start: now - dailyQoeDays * 86_400_000, end: now };
}

/** GET /api/qoe/v1/span over the last week: the QoE page's daily averages. */
export const dailyQoeQueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: ['qoe-span', 'daily', losCode],
    queryFn: () => getQoeSpan(losCode, dailyQoeRange(Date.now())),
  });

/** Read again with the chart: today's row changes as the day's intervals are scored. */
export function useDailyQoe(losCode: string, refetchInterval: number) {
  return useQuery({ ...dailyQoeQueryOptions(losCode), refetchInterval });
}
