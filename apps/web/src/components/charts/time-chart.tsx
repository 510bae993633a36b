import {
  Anchor,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatX, tableRows, timeAxis } from './chart-axis';
import { formatChartValue } from './chart-format';
import {
  type ChartBand,
  type ChartMarker,
  type ChartSeries,
  type ChartXAxis,
  type DirectionControl,
  directions,
  type TimespanControl,
} from './chart-types';
import { useChartColours } from './use-chart-colours';
import type { TimeRange } from './zoom';

const UplotPlot = lazy(() => import('./uplot-plot'));

export interface TimeChartProps {
  /** The chart's accessible name and the data table's caption. */
  label: string;
  /** Fixed per chart (seed 001 section 9), so the page does not jump while data loads. */
  height: number;
  /** Each point's x, ascending: epoch ms on a time axis (the default). */
  x: readonly number[];
  /** A value axis (channels, frequencies) instead of time; keep it stable (useMemo). */
  xAxis?: ChartXAxis;
  /** Labelled vertical lines, e.g. the recommended channel or DSL retrains; keep it stable. */
  markers?: readonly ChartMarker[];
  /** Keep the array stable between renders (useMemo): a new one redraws the chart. */
  series: readonly ChartSeries[];
  isLoading?: boolean;
  isError?: boolean;
  timespan?: TimespanControl;
  direction?: DirectionControl;
  /**
   * Drag-to-zoom, on a time axis only: the chart reports the range; the caller decides whether
   * to load it.
   */
  onZoom?: (range: TimeRange) => void;
  /** Shows the reset-zoom button. */
  zoomed?: boolean;
  onResetZoom?: () => void;
  /** A fixed top for the y axis (100 for percent, 103 for the consumer's signal). */
  yMax?: number;
  /** A fixed bottom for the y axis (the noise floor of a chart in dBm); 0 or below otherwise. */
  yMin?: number;
  bands?: readonly ChartBand[];
  /** Click on a line (or its name in the legend), e.g. to open that device's detail. */
  onSeriesClick?: (key: string) => void;
  /** Above the chart, under the controls: a warning or a zoom notice. */
  notice?: ReactNode;
  /** What the chart says with nothing to draw, e.g. that the gateway does not report it. */
  emptyText?: string;
}

function hasData(series: readonly ChartSeries[]): boolean {
  return series.some((line) => line.values.some((value) => value !== null));
}

/** The last point where any series has a value: what the legend shows without a cursor. */
function lastIndexWithData(series: readonly ChartSeries[], length: number): number | null {
  for (let index = length - 1; index >= 0; index--) {
    if (series.some((line) => line.values[index] !== null && line.values[index] !== undefined))
      return index;
  }
  return null;
}

/**
 * The one time chart of the portal: controls (timespans, direction, reset zoom), the plot, a
 * legend with units that shows the values under the cursor (the latest ones otherwise) and
 * toggles series, and a data table of what is drawn, for screen readers and for checking the
 * numbers. Loading, 'Error loading data' and 'No data available' take the plot's place at its
 * height. uPlot itself loads as its own chunk when there is something to draw.
 */
export function TimeChart(props: TimeChartProps) {
  const { t, i18n } = useTranslation();
  const colours = useChartColours();
  const { x, series, height } = props;
  const xAxis = props.xAxis ?? timeAxis;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(
    () => new Set(series.filter((line) => line.hidden).map((line) => line.key)),
  );
  // A series first seen after the chart mounted (the data arrived, a device joined) starts as
  // its caller says; one already seen keeps what the user chose.
  const [seen, setSeen] = useState<ReadonlySet<string>>(
    () => new Set(series.map((line) => line.key)),
  );
  const unseen = series.filter((line) => !seen.has(line.key));
  if (unseen.length > 0) {
    setSeen(new Set([...seen, ...unseen.map((line) => line.key)]));
    const startHidden = unseen.filter((line) => line.hidden).map((line) => line.key);
    if (startHidden.length > 0) setHidden(new Set([...hidden, ...startHidden]));
  }
  const [cursor, setCursor] = useState<number | null>(null);
  const [showTable, setShowTable] = useState(false);

  const units = new Set(series.map((line) => line.unit));
  const yUnit = units.size === 1 ? [...units][0] : undefined;
  // Without a cursor a time chart shows its latest figures; a value axis has no latest x.
  const shownIndex =
    cursor !== null && cursor < x.length
      ? cursor
      : xAxis.kind === 'time'
        ? lastIndexWithData(series, x.length)
        : null;
  const shownX = shownIndex === null ? undefined : x[shownIndex];
  const ready = !props.isLoading && !props.isError && hasData(series);
  const visibleSeries = useMemo(
    () => series.filter((line) => !hidden.has(line.key)),
    [series, hidden],
  );

  const toggle = (key: string, show: boolean): void => {
    setHidden((current) => {
      const next = new Set(current);
      if (show) next.delete(key);
      else next.add(key);
      return next;
    });
  };

  const placeholder = (content: ReactNode): ReactNode => (
    <Center h={height} role="status">
      {content}
    </Center>
  );

  return (
    <Stack gap="xs" data-testid="time-chart">
      {(props.timespan || props.direction || props.zoomed) && (
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {props.timespan && (
              <SegmentedControl
                size="xs"
                aria-label={t('CHART.TIMESPAN')}
                data={props.timespan.options.map((value) => ({
                  value,
                  label: t(`CHART.TIMESPANS.${value}`),
                }))}
                value={props.timespan.value}
                onChange={(value) => {
                  const chosen = props.timespan?.options.find((option) => option === value);
                  if (chosen) props.timespan?.onChange(chosen);
                }}
              />
            )}
            {props.zoomed && (
              <Button size="compact-sm" variant="light" onClick={props.onResetZoom}>
                {t('CHART.RESET_ZOOM')}
              </Button>
            )}
          </Group>
          {props.direction && (
            <SegmentedControl
              size="xs"
              aria-label={t('CHART.DIRECTION')}
              data={directions.map((value) => ({ value, label: t(`CHART.DIRECTIONS.${value}`) }))}
              value={props.direction.value}
              onChange={(value) => {
                const chosen = directions.find((option) => option === value);
                if (chosen) props.direction?.onChange(chosen);
              }}
            />
          )}
        </Group>
      )}
      {props.notice}
      <Box role="figure" aria-label={props.label} h={height} pos="relative">
        {props.isLoading ? (
          placeholder(<Loader size="sm" aria-label={t('CHART.LOADING')} />)
        ) : props.isError ? (
          placeholder(<Text c="red">{t('HIGHCHARTS_LANG.MISC.ERROR_LOADING_DATA')}</Text>)
        ) : !ready ? (
          placeholder(
            <Text c="dimmed" ta="center">
              {props.emptyText ?? t('HIGHCHARTS_LANG.MISC.NO_DATA')}
            </Text>,
          )
        ) : (
          <Suspense fallback={placeholder(<Loader size="sm" aria-label={t('CHART.LOADING')} />)}>
            <UplotPlot
              x={x}
              xAxis={xAxis}
              markers={props.markers}
              series={series}
              hidden={hidden}
              height={height}
              language={i18n.language}
              axisColour={colours.axis}
              gridColour={colours.grid}
              yMax={props.yMax}
              yMin={props.yMin}
              bands={props.bands}
              yUnit={yUnit}
              onCursor={setCursor}
              onSelect={xAxis.kind === 'time' ? props.onZoom : undefined}
              onSeriesClick={props.onSeriesClick}
            />
          </Suspense>
        )}
      </Box>
      {ready && (
        <Stack gap={4} data-testid="chart-legend">
          <Group justify="space-between">
            <Text size="xs" c="dimmed" data-testid="chart-legend-time">
              {shownX === undefined
                ? ''
                : xAxis.kind === 'time'
                  ? formatX(xAxis, i18n.language, shownX)
                  : `${xAxis.label} ${formatX(xAxis, i18n.language, shownX)}`}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => setShowTable(!showTable)}>
              {t(showTable ? 'CHART.HIDE_TABLE' : 'CHART.SHOW_TABLE')}
            </Button>
          </Group>
          <Group gap="md" role="list">
            {series.map((line) => {
              const value = shownIndex === null ? null : line.values[shownIndex];
              return (
                <Group key={line.key} gap={6} wrap="nowrap" role="listitem" data-series={line.key}>
                  <Checkbox
                    size="xs"
                    color={line.colour}
                    styles={{ input: { borderColor: line.colour } }}
                    checked={!hidden.has(line.key)}
                    onChange={(event) => toggle(line.key, event.currentTarget.checked)}
                    aria-label={t('CHART.SHOW_SERIES', { name: line.name })}
                  />
                  {props.onSeriesClick ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => props.onSeriesClick?.(line.key)}
                    >
                      {line.name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{line.name}</Text>
                  )}
                  {shownIndex !== null && (
                    <Text size="sm" fw={500} data-testid="legend-value">
                      {formatChartValue(i18n.language, value)} {line.unit}
                    </Text>
                  )}
                </Group>
              );
            })}
          </Group>
          {showTable && (
            <ChartDataTable
              label={props.label}
              x={x}
              xAxis={xAxis}
              markers={props.markers ?? []}
              series={visibleSeries}
              language={i18n.language}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}

function ChartDataTable(props: {
  label: string;
  x: readonly number[];
  xAxis: ChartXAxis;
  markers: readonly ChartMarker[];
  series: readonly ChartSeries[];
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={400} maxHeight={320}>
      <Table striped stickyHeader fz="xs" data-testid="chart-data-table">
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          {props.label}
          {props.markers.map((marker) => (
            <Text key={`${marker.x}-${marker.label}`} size="xs" data-testid="chart-marker">
              {`${marker.label}: ${formatX(props.xAxis, props.language, marker.x)}`}
            </Text>
          ))}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{props.xAxis.kind === 'time' ? t('CHART.TIME') : props.xAxis.label}</Table.Th>
            {props.series.map((line) => (
              <Table.Th key={line.key}>{`${line.name} (${line.unit})`}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tableRows(props.xAxis, props.x).map(([value, index]) => (
            <Table.Tr key={value}>
              <Table.Td>{formatX(props.xAxis, props.language, value)}</Table.Td>
              {props.series.map((line) => (
                <Table.Td key={line.key}>
                  {formatChartValue(props.language, line.values[index])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
