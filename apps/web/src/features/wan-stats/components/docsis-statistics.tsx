import { timespans } from '@linesight/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChartValue, formatDateTime } from '../../../components/charts/chart-format';
import type { Direction, TimespanControl } from '../../../components/charts/chart-types';
import { TimeChart } from '../../../components/charts/time-chart';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import {
  docsisChart,
  type DocsisStats,
  formatMhz,
  hzToMhz,
  symbolRateToKsyms,
  wanChartHeight,
} from '../wan-series';
import { ChartPanel } from './chart-panel';
import { SpectrumPanel } from './spectrum-panel';

type DownstreamChannel = DocsisStats['dsChannelStats'][number];
type UpstreamChannel = DocsisStats['usChannelStats'][number];
/** What a downstream and an upstream channel both have. */
type Channel = DownstreamChannel | UpstreamChannel;

/** The DOCSIS channel ID, else the TR-181 instance. */
function channelId(channel: Channel): number {
  return channel.channelId ?? channel.channelNumber;
}

/**
 * A cable line: SNR per downstream channel or symbol rate per upstream channel over the span
 * (seed 001 section 4), the channel tables of the latest report, and the spectrum analysis.
 */
export function DocsisStatistics(props: {
  losCode: string;
  stats: DocsisStats;
  timespan: Omit<TimespanControl, 'options'>;
  chartsLoading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [direction, setDirection] = useState<Direction>('downstream');
  const { stats } = props;
  const chart = useMemo(
    () =>
      docsisChart(
        stats.timeseries,
        direction,
        (id) => t('WAN_STATS.CHANNEL', { channel: id }),
        direction === 'downstream' ? 'dB' : 'ksym/s',
      ),
    [stats.timeseries, direction, t],
  );
  const chartTitle = t(
    direction === 'downstream' ? 'WAN_STATS.DOCSIS_SNR_CHART' : 'WAN_STATS.DOCSIS_SYMBOL_CHART',
  );
  const number = (value: number | null): string => formatChartValue(i18n.language, value);
  /** A column of figures, sorted by value with the missing ones first. */
  const figureColumn = <Row,>(
    key: string,
    header: string,
    value: (row: Row) => number | null,
  ): DataTableColumn<Row> => ({
    key,
    header,
    render: (row) => number(value(row)),
    sortValue: (row) => value(row) ?? Number.NEGATIVE_INFINITY,
  });
  // What both directions' tables list first.
  const channelColumns: DataTableColumn<Channel>[] = [
    figureColumn('channel', t('WAN_STATS.COLUMNS.CHANNEL'), channelId),
    {
      ...figureColumn('frequency', t('WAN_STATS.COLUMNS.FREQUENCY'), (channel: Channel) =>
        channel.frequency === null ? null : hzToMhz(channel.frequency),
      ),
      render: (channel) =>
        formatMhz(i18n.language, channel.frequency === null ? null : hzToMhz(channel.frequency)),
    },
    {
      key: 'modulation',
      header: t('WAN_STATS.COLUMNS.MODULATION'),
      render: (channel) => channel.modulation ?? '–',
    },
    figureColumn('power', t('WAN_STATS.COLUMNS.POWER'), (channel: Channel) => channel.power),
  ];

  return (
    <Stack gap="md">
      <ChartPanel title={chartTitle}>
        <TimeChart
          label={chartTitle}
          height={wanChartHeight}
          x={chart.x}
          series={chart.series}
          isLoading={props.chartsLoading}
          timespan={{ ...props.timespan, options: timespans }}
          direction={{ value: direction, onChange: setDirection }}
        />
      </ChartPanel>
      <ChannelTable
        title={t('WAN_STATS.DOWNSTREAM_CHANNELS')}
        reportedAt={stats.timestamp}
        rows={stats.dsChannelStats}
        columns={[
          ...channelColumns,
          figureColumn<DownstreamChannel>(
            'snr',
            t('WAN_STATS.COLUMNS.SNR'),
            (channel) => channel.snr,
          ),
          figureColumn<DownstreamChannel>(
            'correctable',
            t('WAN_STATS.COLUMNS.CORRECTABLE'),
            (channel) => channel.totalCorrectableErrors,
          ),
          figureColumn<DownstreamChannel>(
            'uncorrectable',
            t('WAN_STATS.COLUMNS.UNCORRECTABLE'),
            (channel) => channel.totalUncorrectableErrors,
          ),
        ]}
      />
      <ChannelTable
        title={t('WAN_STATS.UPSTREAM_CHANNELS')}
        rows={stats.usChannelStats}
        columns={[
          ...channelColumns,
          figureColumn<UpstreamChannel>(
            'symbolRate',
            t('WAN_STATS.COLUMNS.SYMBOL_RATE'),
            (channel) =>
              channel.symbolRate === null ? null : symbolRateToKsyms(channel.symbolRate),
          ),
        ]}
      />
      <SpectrumPanel losCode={props.losCode} />
    </Stack>
  );
}

/** One direction's channels, whole (a modem has a few dozen at most), under its title. */
function ChannelTable<Row extends Channel>(props: {
  title: string;
  /** When the channels were reported, said under the first table. */
  reportedAt?: number;
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      {props.reportedAt !== undefined && (
        <Text size="sm" c="dimmed" mt={-8} mb="sm" data-testid="wan-stats-reported">
          {t('WAN_STATS.REPORTED_AT', { time: formatDateTime(i18n.language, props.reportedAt) })}
        </Text>
      )}
      <DataTable<Row>
        caption={props.title}
        rows={props.rows}
        rowKey={(channel) => String(channel.channelNumber)}
        emptyText={t('WAN_STATS.NO_CHANNELS')}
        columns={props.columns}
      />
    </Paper>
  );
}
