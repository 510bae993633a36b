import { type Timespan, timespans, type WifiRadio } from '@linesight/contract';
import { Anchor, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Direction } from '../../../components/charts/chart-types';
import { TimeChart } from '../../../components/charts/time-chart';
import { DataTable } from '../../../components/data-table/data-table';
import { notReportedText, useDeviceCapabilities } from '../../../lib/device-capabilities';
import { href } from '../../../lib/routes';
import { useWifiSettings } from '../../../lib/wifi-settings';
import { deviceChart, linkRateMbps } from '../mac-series';
import { useDeviceCounters } from '../use-device-counters';
import { DeviceDetails } from './device-details';
import { ScreenPage } from '../../../components/layout/screen-page';

const wifiChartHeight = 247;

/**
 * base.wifi.devices and base.wifi.detail (staff only): the WiFi devices' link rates over the
 * five timespans (tx, gateway to device, is downstream), and the gateway's WiFi settings; with a
 * device in the route, its link rate beside its details (whose panel draws its signal strength,
 * so the page does not draw it twice).
 */
export function WifiPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { losCode = '', deviceMac } = useParams();
  const [timespan, setTimespan] = useState<Timespan>('day');
  const [direction, setDirection] = useState<Direction>('downstream');
  const counters = useDeviceCounters(losCode, timespan);
  const capabilities = useDeviceCapabilities(losCode);
  const rateUnit = t('CHART.MBPS');
  const hosts = useMemo(
    () => counters.hosts?.filter((host) => !deviceMac || host.macAddress === deviceMac) ?? [],
    [counters.hosts, deviceMac],
  );
  const rates = useMemo(
    () =>
      deviceChart(hosts, timespan, rateUnit, (series, index) =>
        linkRateMbps(series, index, direction),
      ),
    [hosts, timespan, direction, rateUnit],
  );
  const deviceName = deviceMac ? (hosts[0]?.host ?? deviceMac) : undefined;

  const rateChart = (
    <TimeChart
      label={deviceName ? t('WIFI.DEVICE_RATE_LABEL', { name: deviceName }) : t('WIFI.CHART_LABEL')}
      height={wifiChartHeight}
      x={rates.x}
      series={rates.series}
      isLoading={counters.isLoading}
      isError={counters.isError}
      timespan={{ options: timespans, value: timespan, onChange: setTimespan }}
      direction={{ value: direction, onChange: setDirection }}
      emptyText={notReportedText(
        capabilities.data,
        'wifiRadioPerformance',
        t('WIFI.RATES_NOT_REPORTED'),
      )}
      onSeriesClick={
        deviceMac
          ? undefined
          : (macAddress) =>
              void navigate(href('base.wifi.detail', { losCode, deviceMac: macAddress }))
      }
      notice={
        deviceMac ? undefined : (
          <Text size="xs" c="dimmed">
            {t('WIFI.HINT')}
          </Text>
        )
      }
    />
  );

  return (
    <ScreenPage title={t('NAV.WIFI')}>
      {deviceMac && deviceName ? (
        <>
          <Anchor component={Link} to={href('base.wifi.devices', { losCode })} size="sm">
            {t('WIFI.ALL_DEVICES')}
          </Anchor>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper withBorder p="md" radius="md">
                {rateChart}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <DeviceDetails losCode={losCode} macAddress={deviceMac} />
            </Grid.Col>
          </Grid>
        </>
      ) : (
        <>
          <Paper withBorder p="md" radius="md">
            {rateChart}
          </Paper>
          <WifiSettingsPanel losCode={losCode} />
        </>
      )}
    </ScreenPage>
  );
}

interface NetworkRow {
  referenceId: string;
  ssid: string | null;
  bssid: string | null;
  band: string | null;
  enabled: boolean;
  security: string | null;
}

/** The gateway's radios and networks (GET /api/wifiSettings); 204 says it has not reported them. */
function WifiSettingsPanel({ losCode }: { losCode: string }) {
  const { t } = useTranslation();
  const settings = useWifiSettings(losCode);
  const radios = settings.data?.wifiRadios;
  const networks = useMemo(
    () =>
      radios?.flatMap((radio) =>
        radio.wifiNetworks.map((network): NetworkRow => ({
          referenceId: network.referenceId,
          ssid: network.ssid,
          bssid: network.bssid,
          band: radio.freqBand,
          enabled: network.ssidEnabled,
          security: network.security,
        })),
      ),
    [radios],
  );
  const error = settings.isError ? t('HIGHCHARTS_LANG.MISC.ERROR_LOADING_DATA') : null;
  const empty = t('WIFI.NO_SETTINGS');
  const channel = (value: number | null): string =>
    value === null ? '–' : value === 0 ? t('WIFI.AUTO') : String(value);

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('WIFI.SETTINGS')}
      </Title>
      <Stack gap="lg">
        <DataTable<WifiRadio>
          caption={t('WIFI.SETTINGS')}
          rows={radios}
          rowKey={(radio) => String(radio.radioInstance)}
          isLoading={settings.isPending}
          error={error}
          emptyText={empty}
          columns={[
            {
              key: 'radio',
              header: t('WIFI.RADIO'),
              render: (radio) => radio.radioInstance,
            },
            { key: 'band', header: t('WIFI.BAND'), render: (radio) => radio.freqBand ?? '–' },
            {
              key: 'channel',
              header: t('WIFI.CHANNEL'),
              render: (radio) => channel(radio.channel),
            },
            {
              key: 'centerChannel',
              header: t('WIFI.CENTER_CHANNEL'),
              render: (radio) => channel(radio.centerChannel),
            },
            {
              key: 'channelBandwidth',
              header: t('WIFI.CHANNEL_BANDWIDTH'),
              render: (radio) =>
                radio.channelBandwidth === null
                  ? t('DEVICE.NOT_REPORTED')
                  : `${radio.channelBandwidth} MHz`,
            },
            {
              key: 'standard',
              header: t('WIFI.STANDARD'),
              render: (radio) => radio.standard ?? '–',
            },
          ]}
        />
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('WIFI.NETWORKS')}
          </Title>
          <DataTable<NetworkRow>
            caption={t('WIFI.NETWORKS')}
            rows={networks}
            rowKey={(network) => network.referenceId}
            isLoading={settings.isPending}
            error={error}
            emptyText={empty}
            columns={[
              {
                key: 'ssid',
                header: t('WIFI.SSID'),
                render: (network) => network.ssid ?? '–',
                sortValue: (network) => network.ssid ?? '',
              },
              { key: 'bssid', header: t('WIFI.BSSID'), render: (network) => network.bssid ?? '–' },
              { key: 'band', header: t('WIFI.BAND'), render: (network) => network.band ?? '–' },
              {
                key: 'enabled',
                header: t('WIFI.ENABLED'),
                render: (network) => t(network.enabled ? 'WIFI.YES' : 'WIFI.NO'),
              },
              {
                key: 'security',
                header: t('WIFI.SECURITY'),
                render: (network) => network.security ?? '–',
              },
            ]}
          />
        </div>
      </Stack>
    </Paper>
  );
}
