import type { DashboardWidget } from '@linesight/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/charts/chart-format';
import { TimeChart } from '../../../components/charts/time-chart';
import { decideZoom, type TimeRange } from '../../../components/charts/zoom';
import { useChartColours } from '../../../components/charts/use-chart-colours';
import { useChartMetric } from '../api/get-population-metric';
import {
  dashboardZoomLimits,
  selectionRange,
  widgetChart,
  widgetChartScale,
} from '../widget-reading';

/**
 * The one chart of the dashboard: the selected widget's fleet figure over the dashboard week,
 * refreshed every 300 s up to 9 times. Dragging a range of at least 15 minutes reloads that
 * range; a shorter one says so and keeps the chart as it is.
 */
export function WidgetChart({ widget, height }: { widget: DashboardWidget; height: number }) {
  const { t, i18n } = useTranslation();
  const colours = useChartColours();
  const [zoom, setZoom] = useState<TimeRange | null>(null);
  const [tooShort, setTooShort] = useState(false);
  const [shownWidget, setShownWidget] = useState(widget);
  // Another widget starts from its week again.
  if (shownWidget !== widget) {
    setShownWidget(widget);
    setZoom(null);
    setTooShort(false);
  }
  const metric = useChartMetric(widget, zoom);
  const title = t(`DASHBOARD.WIDGETS.${widget}.TITLE`);
  const scale = widgetChartScale(widget);
  const unit = scale.unit ?? t('DASHBOARD.UNIT_DEVICES');
  const chart = useMemo(
    () => (metric.data ? widgetChart(metric.data, widget) : { x: [], values: [] }),
    [metric.data, widget],
  );
  const series = useMemo(
    () => [{ key: widget, name: title, colour: colours.primary, unit, values: chart.values }],
    [widget, title, colours.primary, unit, chart.values],
  );

  return (
    <Paper withBorder p="md" radius="md" data-testid="dashboard-chart" data-widget={widget}>
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" data-testid="dashboard-chart-range">
            {zoom
              ? t('DASHBOARD.CHART_ZOOMED', {
                  start: formatDateTime(i18n.language, zoom.start),
                  end: formatDateTime(i18n.language, zoom.end),
                })
              : t('DASHBOARD.CHART_WEEK')}
          </Text>
        </div>
        <TimeChart
          label={t('DASHBOARD.CHART_LABEL', { widget: title })}
          height={height}
          x={chart.x}
          series={series}
          isLoading={metric.isPending}
          isError={metric.isError}
          yMax={scale.yMax}
          zoomed={zoom !== null}
          onResetZoom={() => {
            setZoom(null);
            setTooShort(false);
          }}
          onZoom={(selection) => {
            const now = Date.now();
            const range = selectionRange(selection, chart.x.at(-1), now);
            const decision = decideZoom(range, dashboardZoomLimits(now));
            setTooShort(decision.kind === 'too-short');
            if (decision.kind === 'zoom') setZoom(decision.range);
          }}
          notice={
            tooShort && (
              <Text size="xs" c="orange.8" role="status">
                {t('DASHBOARD.ZOOM_TOO_SHORT')}
              </Text>
            )
          }
        />
      </Stack>
    </Paper>
  );
}
