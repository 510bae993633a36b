import { timespans } from '@linesight/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChartValue, formatDateTime } from '../../../components/charts/chart-format';
import type { Direction, TimespanControl } from '../../../components/charts/chart-types';
import { TimeChart } from '../../../components/charts/time-chart';
import { DataTable } from '../../../components/data-table/data-table';
import {
  docsisChart,
  type DocsisStats,
  formatMhz,
  hzToMhz,
  symbolRateToKsyms,
} from '../wan-series';
import { wanChartHeight } from './dsl-statistics';
import { ChartPanel } from './chart-panel';
import { SpectrumPanel } from './spectrum-panel';

type DownstreamChannel = DocsisStats['dsChannelStats'][number];
type UpstreamChannel = DocsisStats['usChannelStats'][number];

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
        (channelId) => t('WAN_STATS.CHANNEL', { channel: channelId }),
        direction === 'downstream' ? 'dB' : 'ksym/s',
      ),
    [stats.timeseries, direction, t],
  );
  const chartTitle = t(
    direction === 'downstream' ? 'WAN_STATS.DOCSIS_SNR_CHART' : 'WAN_STATS.DOCSIS_SYMBOL_CHART',
  );
  const number = (value: number | null): string => formatChartValue(i18n.language, value);
  const mhz = (hz: number | null): string =>
    formatMhz(i18n.language, hz === null ? null : hzToMhz(hz));
  const channelId = (channel: { channelId: number | null; channelNumber: number }): number =>
    channel.channelId ?? channel.channelNumber;

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
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb={4}>
          {t('WAN_STATS.DOWNSTREAM_CHANNELS')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm" data-testid="wan-stats-reported">
          {t('WAN_STATS.REPORTED_AT', { time: formatDateTime(i18n.language, stats.timestamp) })}
        </Text>
        <DataTable<DownstreamChannel>
          caption={t('WAN_STATS.DOWNSTREAM_CHANNELS')}
          rows={stats.dsChannelStats}
          rowKey={(channel) => String(channel.channelNumber)}
          emptyText={t('WAN_STATS.NO_CHANNELS')}
          columns={[
            {
              key: 'channel',
              header: t('WAN_STATS.COLUMNS.CHANNEL'),
              render: channelId,
              sortValue: channelId,
            },
            {
              key: 'frequency',
              header: t('WAN_STATS.COLUMNS.FREQUENCY'),
              render: (channel) => mhz(channel.frequency),
              sortValue: (channel) => channel.frequency ?? 0,
            },
            {
              key: 'modulation',
              header: t('WAN_STATS.COLUMNS.MODULATION'),
              render: (channel) => channel.modulation ?? '–',
            },
            {
              key: 'power',
              header: t('WAN_STATS.COLUMNS.POWER'),
              render: (channel) => number(channel.power),
              sortValue: (channel) => channel.power ?? Number.NEGATIVE_INFINITY,
            },
            {
              key: 'snr',
              header: t('WAN_STATS.COLUMNS.SNR'),
              render: (channel) => number(channel.snr),
              sortValue: (channel) => channel.snr ?? Number.NEGATIVE_INFINITY,
            },
            {
              key: 'correctable',
              header: t('WAN_STATS.COLUMNS.CORRECTABLE'),
              render: (channel) => number(channel.totalCorrectableErrors),
              sortValue: (channel) => channel.totalCorrectableErrors ?? -1,
            },
            {
              key: 'uncorrectable',
              header: t('WAN_STATS.COLUMNS.UNCORRECTABLE'),
              render: (channel) => number(channel.totalUncorrectableErrors),
              sortValue: (channel) => channel.totalUncorrectableErrors ?? -1,
            },
          ]}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('WAN_STATS.UPSTREAM_CHANNELS')}
        </Title>
        <DataTable<UpstreamChannel>
          caption={t('WAN_STATS.UPSTREAM_CHANNELS')}
          rows={stats.usChannelStats}
          rowKey={(channel) => String(channel.channelNumber)}
          emptyText={t('WAN_STATS.NO_CHANNELS')}
          columns={[
            {
              key: 'channel',
              header: t('WAN_STATS.COLUMNS.CHANNEL'),
              render: channelId,
              sortValue: channelId,
            },
            {
              key: 'frequency',
              header: t('WAN_STATS.COLUMNS.FREQUENCY'),
              render: (channel) => mhz(channel.frequency),
              sortValue: (channel) => channel.frequency ?? 0,
            },
            {
              key: 'modulation',
              header: t('WAN_STATS.COLUMNS.MODULATION'),
              render: (channel) => channel.modulation ?? '–',
            },
            {
              key: 'power',
              header: t('WAN_STATS.COLUMNS.POWER'),
              render: (channel) => number(channel.power),
              sortValue: (channel) => channel.power ?? Number.NEGATIVE_INFINITY,
            },
            {
              key: 'symbolRate',
              header: t('WAN_STATS.COLUMNS.SYMBOL_RATE'),
              render: (channel) =>
                number(channel.symbolRate === null ? null : symbolRateToKsyms(channel.symbolRate)),
              sortValue: (channel) => channel.symbolRate ?? 0,
            },
          ]}
        />
      </Paper>
      <SpectrumPanel losCode={props.losCode} />
    </Stack>
  );
}
