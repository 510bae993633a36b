import { consumerSignalAxisMax, consumerSignalBands } from '@linesight/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartBand } from '../../../components/charts/chart-types';
import { TimeChart } from '../../../components/charts/time-chart';
import { useChartColours } from '../../../components/charts/use-chart-colours';
import { notReportedText, useDeviceCapabilities } from '../../../lib/device-capabilities';
import { deviceChart, signalStrengthPercent } from '../mac-series';
import { useDeviceCounters } from '../use-device-counters';

const consumerSignalChartHeight = 247;

/**
 * The consumer's WiFi devices' signal in percent over the day, over the Poor (0–25), Good
 * (25–75) and Excellent (75–103) bands, for the consumer's WiFi modal.
 */
export function ConsumerSignalChart({ losCode }: { losCode: string }) {
  const { t } = useTranslation();
  const colours = useChartColours();
  const counters = useDeviceCounters(losCode, 'day');
  const capabilities = useDeviceCapabilities(losCode);
  const chart = useMemo(
    () => deviceChart(counters.hosts ?? [], 'day', '%', signalStrengthPercent),
    [counters.hosts],
  );
  const bands = useMemo(
    (): ChartBand[] =>
      consumerSignalBands.map((band) => ({
        from: band.from,
        to: band.to,
        label: t(`WIFI.SIGNAL_BANDS.${band.name}`),
        colour: { Poor: colours.poor, Good: colours.fair, Excellent: colours.good }[band.name],
      })),
    [t, colours],
  );
  return (
    <TimeChart
      label={t('WIFI.CONSUMER_SIGNAL_LABEL')}
      height={consumerSignalChartHeight}
      x={chart.x}
      series={chart.series}
      isLoading={counters.isLoading}
      isError={counters.isError}
      emptyText={notReportedText(
        capabilities.data,
        'wifiRadioPerformance',
        t('WIFI.SIGNAL_NOT_REPORTED'),
      )}
      yMax={consumerSignalAxisMax}
      bands={bands}
    />
  );
}
