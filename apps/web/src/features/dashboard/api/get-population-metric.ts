import {
  apiPaths,
  type DashboardWidget,
  type PopulationMetricResponse,
  populationMetricResponseSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import type { TimeRange } from '../../../components/charts/zoom';
import { apiRequest } from '../../../lib/api-client';
import { spanQuery } from '../../line-health/chart-span';
import { dashboardRefetchInterval, dashboardWeekRange, widgetRange } from '../widget-reading';

/**
 * GET /api/populationMetric/v1/span/{widgetPath}?startTime&endTime: the fleet's figure for one
 * widget, a point per interval from `startTime` (null where the fleet had none).
 */
export function getPopulationMetric(
  widget: DashboardWidget,
  range: TimeRange,
): Promise<PopulationMetricResponse> {
  const path = generatePath(apiPaths.populationMetricSpan, { widgetPath: widget });
  return apiRequest(`${path}?${spanQuery(range)}`, { schema: populationMetricResponseSchema });
}

/** A widget's last hour (`widgetRange`), worked out when the query runs so a refresh moves on. */
export const widgetMetricQueryOptions = (widget: DashboardWidget) =>
  queryOptions({
    queryKey: ['population-metric', widget, 'widget'],
    queryFn: () => getPopulationMetric(widget, widgetRange()),
  });

/** The chart: the dashboard week up to now, or a zoomed range as it was chosen. */
export const chartMetricQueryOptions = (widget: DashboardWidget, zoom: TimeRange | null) =>
  queryOptions({
    queryKey: ['population-metric', widget, 'chart', zoom?.start ?? null, zoom?.end ?? null],
    queryFn: () => getPopulationMetric(widget, zoom ?? dashboardWeekRange()),
  });

/** Read again every 300 s, 9 times (seed 001 section 4), while the page is open and visible. */
export function useWidgetMetric(widget: DashboardWidget) {
  return useQuery({
    ...widgetMetricQueryOptions(widget),
    refetchInterval: dashboardRefetchInterval,
  });
}

export function useChartMetric(widget: DashboardWidget, zoom: TimeRange | null) {
  return useQuery({
    ...chartMetricQueryOptions(widget, zoom),
    refetchInterval: dashboardRefetchInterval,
    // The chart keeps the last figures on screen while a refresh or a zoom loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === widget ? previous : undefined,
  });
}
