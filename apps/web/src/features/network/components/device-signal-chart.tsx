import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeChart } from '../../../components/charts/time-chart';
import { useChartColours } from '../../../components/charts/use-chart-colours';
import { notReportedText, useDeviceCapabilities } from '../../../lib/device-capabilities';
import { deviceChart, signalStrengthPercent } from '../mac-series';
import { useDeviceCounters } from '../use-device-counters';

const signalChartHeight = 160;

/** The device's WiFi signal in percent over the day, for the device details panel. */
export function DeviceSignalChart({
  losCode,
  macAddress,
}: {
  losCode: string;
  macAddress: string;
}) {
  const { t } = useTranslation();
  const colours = useChartColours();
  const counters = useDeviceCounters(losCode, 'day');
  const capabilities = useDeviceCapabilities(losCode);
  const device = counters.hosts?.find((host) => host.macAddress === macAddress);
  const chart = useMemo(() => {
    const drawn = deviceChart(device ? [device] : [], 'day', '%', signalStrengthPercent);
    return {
      x: drawn.x,
      series: drawn.series.map((line) => ({ ...line, colour: colours.primary })),
    };
  }, [device, colours.primary]);
  return (
    <TimeChart
      label={t('WIFI.DEVICE_SIGNAL_LABEL', { name: device?.host ?? macAddress })}
      height={signalChartHeight}
      x={chart.x}
      series={chart.series}
      isLoading={counters.isLoading}
      isError={counters.isError}
      emptyText={notReportedText(
        capabilities.data,
        'wifiRadioPerformance',
        t('WIFI.SIGNAL_NOT_REPORTED'),
      )}
      yMax={100}
    />
  );
}
