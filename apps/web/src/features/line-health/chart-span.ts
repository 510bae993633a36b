import {
  bandwidthTimespanSeconds,
  gatewayChartRefreshSeconds,
  type Timespan,
} from '@linesight/contract';
import type { TimeRange } from '../../components/charts/zoom';

/**
 * What the gateway status and WAN statistics charts ask for (seed 001 sections 4 and 9): a
 * timespan back from now, the same lengths as the bandwidth chart's, read again every 300 s
 * while the page is visible (TanStack's `refetchInterval` stops while the tab is hidden).
 */

/** The range a timespan covers at `now`: computed in the query function, so each refetch moves on. */
export function timespanRange(timespan: Timespan, now: number = Date.now()): TimeRange {
  return { start: now - bandwidthTimespanSeconds[timespan] * 1000, end: now };
}

/** The refetch interval of those charts, in ms. */
export const lineHealthRefetchMs = gatewayChartRefreshSeconds * 1000;

/** The `startTime` and `endTime` query of the span routes. */
export function spanQuery(range: TimeRange): URLSearchParams {
  return new URLSearchParams({
    startTime: String(Math.round(range.start)),
    endTime: String(Math.round(range.end)),
  });
}
