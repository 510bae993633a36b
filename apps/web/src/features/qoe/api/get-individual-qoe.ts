import {
  apiPaths,
  type IndividualQoeResponse,
  individualQoeResponseSchema,
  type Timespan,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { spanQuery, timespanRange } from '../../line-health/chart-span';
import type { TimeRange } from '../../../components/charts/zoom';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/individualQoe/v1/span/{losCode}?startTime&endTime: the line's CPU, free RAM and WiFi
 * scores over the range, its latest scores and what they read; null (204) before the gateway's
 * first report.
 */
export async function getIndividualQoe(
  losCode: string,
  range: TimeRange,
): Promise<IndividualQoeResponse | null> {
  const body = await apiRequest<unknown>(
    `${generatePath(apiPaths.individualQoeSpan, { losCode })}?${spanQuery(range)}`,
  );
  return body === undefined ? null : individualQoeResponseSchema.parse(body);
}

/** The range is worked out when the query runs, so each refresh reads up to its own now. */
export const individualQoeQueryOptions = (losCode: string, timespan: Timespan) =>
  queryOptions({
    queryKey: ['individual-qoe', losCode, timespan],
    queryFn: () => getIndividualQoe(losCode, timespanRange(timespan)),
  });

/** Read again every reporting frequency (seed 001 section 4) while the page is visible. */
export function useIndividualQoe(losCode: string, timespan: Timespan, refetchInterval: number) {
  return useQuery({ ...individualQoeQueryOptions(losCode, timespan), refetchInterval });
}
