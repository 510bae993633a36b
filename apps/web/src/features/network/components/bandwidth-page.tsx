import {
  maxZoomSeconds,
  minZoomReportingIntervals,
  type Timespan,
  timespans,
} from '@linesight/contract';
import { Alert, Anchor, Grid, Paper, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatBytes } from '../../../components/charts/chart-format';
import type { Direction } from '../../../components/charts/chart-types';
import { TimeChart } from '../../../components/charts/time-chart';
import { decideZoom, type TimeRange, type ZoomDecision } from '../../../components/charts/zoom';
import { DataTable } from '../../../components/data-table/data-table';
import { localPageSizeStore, useStoredPageSize } from '../../../lib/page-size';
import { href } from '../../../lib/routes';
import { notReportedText, useDeviceCapabilities } from '../../../lib/device-capabilities';
import { useSession } from '../../../lib/session';
import { useMacCountersSpan } from '../api/get-mac-counters-span';
import { useSubscriberDevice } from '../../../lib/subscriber-device';
import { bandwidthMbps, consumptionOf, type DeviceConsumption, deviceChart } from '../mac-series';
import { useDeviceCounters } from '../use-device-counters';
import { DeviceDetails } from './device-details';
import { ScreenPage } from '../../../components/layout/screen-page';

/** Seed 001 section 9. */
const bandwidthChartHeight = 247;
/** Consumers see the week only (seed 001 section 6). */
const consumerTimespan: Timespan = 'week';

/**
 * base.bandwidth.devices and base.bandwidth.detail: the whole home's traffic, a line per
 * device (lines, not stacked: each device stays readable and clickable, and the legend gives
 * each one's figure), drawn as a rate in Mbps so every timespan compares whatever its spacing.
 * With a device in the route, that device's chart beside its details.
 */
export function BandwidthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { losCode = '', deviceMac } = useParams();
  const { isConsumer } = useSession();
  const [chosenTimespan, setTimespan] = useState<Timespan>('day');
  const timespan = isConsumer ? consumerTimespan : chosenTimespan;
  const [direction, setDirection] = useState<Direction>('downstream');
  const [zoom, setZoom] = useState<TimeRange | null>(null);
  const [refusedZoom, setRefusedZoom] = useState<Exclude<ZoomDecision, { kind: 'zoom' }> | null>(
    null,
  );

  const line = useSubscriberDevice(losCode);
  const capabilities = useDeviceCapabilities(losCode);
  const notCounted = notReportedText(capabilities.data, 'macCounters', t('BANDWIDTH.NOT_REPORTED'));
  const counters = useDeviceCounters(losCode, timespan);
  const hosts = useMemo(
    () => counters.hosts?.filter((host) => !deviceMac || host.macAddress === deviceMac),
    [counters.hosts, deviceMac],
  );
  const macAddresses = useMemo(() => hosts?.map((host) => host.macAddress) ?? [], [hosts]);
  const zoomed = useMacCountersSpan(losCode, zoom, macAddresses);
  const shownHosts = zoom ? zoomed.data?.hosts : hosts;
  const unit = t('CHART.MBPS');
  const chart = useMemo(
    () =>
      deviceChart(shownHosts ?? [], zoom ? 'zoom' : timespan, unit, (series, index) =>
        bandwidthMbps(series, index, direction),
      ),
    [shownHosts, zoom, timespan, unit, direction],
  );
  const device = deviceMac ? hosts?.[0] : undefined;

  const onZoom = (selection: TimeRange): void => {
    const frequency = counters.reportingFrequencySeconds;
    if (frequency === undefined) return;
    const decision = decideZoom(selection, {
      minSeconds: minZoomReportingIntervals * frequency,
      maxSeconds: maxZoomSeconds,
      now: Date.now(),
    });
    if (decision.kind === 'zoom') {
      setZoom(decision.range);
      setRefusedZoom(null);
    } else {
      setRefusedZoom(decision);
    }
  };
  const resetZoom = (): void => {
    setZoom(null);
    setRefusedZoom(null);
  };

  const chartPanel = (
    <Paper withBorder p="md" radius="md">
      <TimeChart
        label={
          device
            ? t('BANDWIDTH.DEVICE_CHART_LABEL', { name: device.host })
            : t('BANDWIDTH.CHART_LABEL')
        }
        height={bandwidthChartHeight}
        x={chart.x}
        series={chart.series}
        isLoading={counters.isLoading || (zoom !== null && zoomed.isPending)}
        isError={counters.isError || (zoom !== null && zoomed.isError)}
        timespan={
          isConsumer
            ? undefined
            : {
                options: timespans,
                value: timespan,
                onChange: (next) => {
                  setTimespan(next);
                  resetZoom();
                },
              }
        }
        direction={{ value: direction, onChange: setDirection }}
        emptyText={notCounted}
        onZoom={onZoom}
        zoomed={zoom !== null}
        onResetZoom={resetZoom}
        onSeriesClick={
          deviceMac
            ? undefined
            : (macAddress) =>
                void navigate(href('base.bandwidth.detail', { losCode, deviceMac: macAddress }))
        }
        notice={
          <Text size="xs" c={refusedZoom ? 'orange' : 'dimmed'} role="status">
            {refusedZoom?.kind === 'too-short'
              ? t('BANDWIDTH.ZOOM_TOO_SHORT', { minutes: refusedZoom.minSeconds / 60 })
              : refusedZoom?.kind === 'too-long'
                ? t('BANDWIDTH.ZOOM_TOO_LONG', { hours: refusedZoom.maxSeconds / 3600 })
                : t(deviceMac ? 'BANDWIDTH.ZOOM_HINT' : 'BANDWIDTH.HINT')}
          </Text>
        }
      />
    </Paper>
  );

  return (
    <ScreenPage title={t('NAV.BANDWIDTH')}>
      {/* The SR400's caveat is about its per-device counters: none reported, none to qualify. */}
      {line.data?.deviceType?.toUpperCase() === 'SR400' && !notCounted && (
        <Alert color="yellow" role="alert">
          {t('BANDWIDTH_SR400_WARNING')}
        </Alert>
      )}
      {deviceMac ? (
        <>
          <Anchor component={Link} to={href('base.bandwidth.devices', { losCode })} size="sm">
            {t('BANDWIDTH.ALL_DEVICES')}
          </Anchor>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>{chartPanel}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <DeviceDetails losCode={losCode} macAddress={deviceMac} />
            </Grid.Col>
          </Grid>
        </>
      ) : (
        chartPanel
      )}
      {isConsumer && !deviceMac && (
        <WeekConsumption
          rows={hosts && consumptionOf(hosts, consumerTimespan)}
          isLoading={counters.isLoading}
          isError={counters.isError}
          emptyText={notCounted}
        />
      )}
    </ScreenPage>
  );
}

/** The consumer's per-device consumption over the week the chart shows (seed 001 section 6). */
function WeekConsumption(props: {
  rows: DeviceConsumption[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Set when the gateway counts no device's bytes: the table says so instead of listing zeros. */
  emptyText: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [pageSize, setPageSize] = useStoredPageSize(localPageSizeStore('consumption'), 10);
  const bytes = (value: number): string => formatBytes(i18n.language, value);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('BANDWIDTH.CONSUMPTION_TITLE')}
      </Title>
      <DataTable
        caption={t('BANDWIDTH.CONSUMPTION_TITLE')}
        rows={props.emptyText ? [] : props.rows}
        rowKey={(row) => row.macAddress}
        isLoading={props.isLoading}
        error={props.isError ? t('HIGHCHARTS_LANG.MISC.ERROR_LOADING_DATA') : null}
        emptyText={props.emptyText ?? t('HIGHCHARTS_LANG.MISC.NO_DATA')}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        columns={[
          {
            key: 'name',
            header: t('BANDWIDTH.DEVICE'),
            render: (row) => row.name,
            sortValue: (row) => row.name,
          },
          {
            key: 'downloaded',
            header: t('BANDWIDTH.DOWNLOADED'),
            render: (row) => bytes(row.downloadedBytes),
            sortValue: (row) => row.downloadedBytes,
          },
          {
            key: 'uploaded',
            header: t('BANDWIDTH.UPLOADED'),
            render: (row) => bytes(row.uploadedBytes),
            sortValue: (row) => row.uploadedBytes,
          },
          {
            key: 'total',
            header: t('BANDWIDTH.TOTAL'),
            render: (row) => bytes(row.downloadedBytes + row.uploadedBytes),
            sortValue: (row) => row.downloadedBytes + row.uploadedBytes,
          },
        ]}
      />
    </Paper>
  );
}
