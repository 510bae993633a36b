import { timespans } from '@linesight/contract';
import { Stack, Tabs } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ChartMarker,
  Direction,
  TimespanControl,
} from '../../../components/charts/chart-types';
import { TimeChart } from '../../../components/charts/time-chart';
import type { TranslationKey } from '../../../lib/translation-key';
import { dslChart, type DslStats, kbpsToMbps, wanChartHeight } from '../wan-series';
import { ChartPanel } from './chart-panel';
import { DslDetails } from './dsl-details';

type SeriesNameKey = Extract<TranslationKey, `WAN_STATS.SERIES.${string}`>;

/**
 * A DSL line: the line quality chart (SNR, attenuation, power, G.INP) and the rate chart
 * (current and attainable) in the chosen direction, retrains marked on both; and the details
 * of each DSL line. Which series show at first is decision 020: SNR alone on the quality chart,
 * whose measures share one axis (dB, dBm and retransmission counts); both rates on the rate
 * chart, whose gap is the line's headroom.
 */
export function DslStatistics(props: {
  stats: DslStats;
  timespan: Omit<TimespanControl, 'options'>;
  chartsLoading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [direction, setDirection] = useState<Direction>('downstream');
  const { timeseries } = props.stats;
  const several = Object.keys(timeseries.lines).length > 1;

  const seriesName = useCallback(
    (key: SeriesNameKey) =>
      (line: string): string =>
        several ? t('WAN_STATS.SERIES_ON_LINE', { name: t(key), line }) : t(key),
    [several, t],
  );

  const quality = useMemo(
    () =>
      dslChart(timeseries, direction, [
        { measure: 'snr', name: seriesName('WAN_STATS.SERIES.SNR'), unit: 'dB' },
        {
          measure: 'attenuation',
          name: seriesName('WAN_STATS.SERIES.ATTENUATION'),
          unit: 'dB',
          hidden: true,
        },
        { measure: 'power', name: seriesName('WAN_STATS.SERIES.POWER'), unit: 'dBm', hidden: true },
        {
          measure: 'ginpRtxc',
          name: seriesName('WAN_STATS.SERIES.GINP_RTXC'),
          unit: 'DTU',
          hidden: true,
        },
        {
          measure: 'ginpRtxuc',
          name: seriesName('WAN_STATS.SERIES.GINP_RTXUC'),
          unit: 'DTU',
          hidden: true,
        },
      ]),
    [timeseries, direction, seriesName],
  );

  const rates = useMemo(() => {
    const unit = t('CHART.MBPS');
    return dslChart(timeseries, direction, [
      {
        measure: 'currentRate',
        name: seriesName('WAN_STATS.SERIES.CURRENT_RATE'),
        unit,
        scale: kbpsToMbps,
      },
      {
        measure: 'attainableRate',
        name: seriesName('WAN_STATS.SERIES.ATTAINABLE_RATE'),
        unit,
        scale: kbpsToMbps,
      },
    ]);
  }, [timeseries, direction, seriesName, t]);

  const retrains = useMemo(
    (): ChartMarker[] =>
      timeseries.dslRetrainTimes.map((time) => ({ x: time, label: t('WAN_STATS.RETRAIN') })),
    [timeseries.dslRetrainTimes, t],
  );

  const directionName = t(`CHART.DIRECTIONS.${direction}`).toLocaleLowerCase(i18n.language);
  const qualityTitle = t('WAN_STATS.DSL_CHART', { direction: directionName });
  const rateTitle = t('WAN_STATS.RATE_CHART', { direction: directionName });
  return (
    <Tabs defaultValue="charts" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="charts">{t('WAN_STATS.TABS.CHARTS')}</Tabs.Tab>
        <Tabs.Tab value="details">{t('WAN_STATS.TABS.DETAILS')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="charts" pt="md">
        <Stack gap="md">
          <ChartPanel title={qualityTitle}>
            <TimeChart
              // Mounted again once there is data, so the series hidden at first start hidden.
              key={quality.x.length > 0 ? 'data' : 'empty'}
              label={qualityTitle}
              height={wanChartHeight}
              x={quality.x}
              series={quality.series}
              markers={retrains}
              isLoading={props.chartsLoading}
              timespan={{ ...props.timespan, options: timespans }}
              direction={{ value: direction, onChange: setDirection }}
            />
          </ChartPanel>
          <ChartPanel title={rateTitle}>
            <TimeChart
              label={rateTitle}
              height={wanChartHeight}
              x={rates.x}
              series={rates.series}
              markers={retrains}
              isLoading={props.chartsLoading}
            />
          </ChartPanel>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="details" pt="md">
        <DslDetails stats={props.stats} />
      </Tabs.Panel>
    </Tabs>
  );
}
