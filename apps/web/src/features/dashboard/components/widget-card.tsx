import type { DashboardWidget } from '@linesight/contract';
import { Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/charts/chart-format';
import { useWidgetMetric } from '../api/get-population-metric';
import { formatWidgetValue, widgetReading } from '../widget-reading';
import { TrendIndicator } from './trend-icon';

/**
 * One widget: its title and subtitle, the fleet's newest figure with its unit and the trend
 * against the window before. Selecting it charts it; the selected one is marked.
 */
export function WidgetCard(props: {
  widget: DashboardWidget;
  selected: boolean;
  onSelect: (widget: DashboardWidget) => void;
}) {
  const { t, i18n } = useTranslation();
  const metric = useWidgetMetric(props.widget);
  const reading = metric.data ? widgetReading(metric.data) : null;
  const shown =
    reading?.value === null || reading === null
      ? null
      : formatWidgetValue(props.widget, reading.value, i18n.language);

  return (
    <UnstyledButton
      onClick={() => props.onSelect(props.widget)}
      aria-pressed={props.selected}
      data-testid="dashboard-widget"
      data-widget={props.widget}
      h="100%"
    >
      <Paper
        withBorder
        p="md"
        radius="md"
        h="100%"
        style={
          props.selected
            ? {
                borderColor: 'var(--mantine-primary-color-filled)',
                boxShadow: 'inset 0 -3px 0 var(--mantine-primary-color-filled)',
              }
            : undefined
        }
      >
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t(`DASHBOARD.WIDGETS.${props.widget}.TITLE`)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`DASHBOARD.WIDGETS.${props.widget}.SUBTITLE`)}
          </Text>
          {metric.isPending ? (
            <Loader size="sm" aria-label={t('TABLE.LOADING')} />
          ) : metric.isError ? (
            <Text size="sm" c="red">
              {t('DASHBOARD.LOAD_ERROR')}
            </Text>
          ) : shown === null || reading === null ? (
            <Text size="sm" c="dimmed" data-testid="widget-value">
              {t('DASHBOARD.NO_VALUE')}
            </Text>
          ) : (
            <>
              <Group gap={6} align="baseline" wrap="nowrap">
                <Text fz={28} fw={700} lh={1.1} data-testid="widget-value">
                  {shown.text}
                </Text>
                {shown.unit && (
                  <Text size="sm" c="dimmed" data-testid="widget-unit">
                    {shown.unit}
                  </Text>
                )}
              </Group>
              <Group justify="space-between" gap="xs">
                <TrendIndicator trend={reading.trend} />
                {reading.time !== null && metric.data && (
                  <Text size="xs" c="dimmed" data-testid="widget-time">
                    {formatDateTime(
                      i18n.language,
                      reading.time + metric.data.intervalMinutes * 60_000,
                    )}
                  </Text>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
