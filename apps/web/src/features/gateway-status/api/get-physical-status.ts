import {
  apiPaths,
  type PhysicalStatusResponse,
  physicalStatusResponseSchema,
  type Timespan,
} from '@linesight/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { lineHealthRefetchMs, spanQuery, timespanRange } from '../../line-health/chart-span';
import type { TimeRange } from '../../../components/charts/zoom';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/physicalStatus/v1/span/{losCode}?startTime&endTime: the gateway's RAM, CPU load,
 * temperature and downtime over the range, with its connection details; null (204) before the
 * gateway's first report.
 */
export async function getPhysicalStatus(
  losCode: string,
  range: TimeRange,
): Promise<PhysicalStatusResponse | null> {
  const body = await apiRequest<unknown>(
    `${generatePath(apiPaths.physicalStatusSpan, { losCode })}?${spanQuery(range)}`,
  );
  return body === undefined ? null : physicalStatusResponseSchema.parse(body);
}

/** The range is worked out when the query runs, so each refresh reads up to its own now. */
export const physicalStatusQueryOptions = (losCode: string, timespan: Timespan) =>
  queryOptions({
    queryKey: ['physical-status', losCode, timespan],
    queryFn: () => getPhysicalStatus(losCode, timespanRange(timespan)),
  });

/** Read again every 300 s (seed 001 section 4) while the page is open and visible. */
export function usePhysicalStatus(losCode: string, timespan: Timespan) {
  return useQuery({
    ...physicalStatusQueryOptions(losCode, timespan),
    refetchInterval: lineHealthRefetchMs,
  });
}

/** What the screen's parts read of the answer: null for a gateway that never reported. */
export type PhysicalStatusAnswer = Pick<
  UseQueryResult<PhysicalStatusResponse | null>,
  'data' | 'isPending' | 'isError'
>;
