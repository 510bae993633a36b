import { type Timespan, timespans } from '@linesight/contract';
import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TimeChart } from '../../../components/charts/time-chart';
import { usePhysicalStatus } from '../api/get-physical-status';
import {
  gatewayChart,
  gatewayChartTop,
  latestFigures,
  type TemperatureUnit,
  temperatureSymbols,
  temperatureUnits,
} from '../physical-series';
import { DowntimeList } from './downtime-list';
import { GatewayTabs } from './gateway-tabs';
import { ScreenPage } from '../../../components/layout/screen-page';

/** Seed 001 section 9: the gateway and WAN charts are 285 px high. */
const gatewayChartHeight = 285;

/**
 * base.gateway-physical-status (staff only): the gateway's used RAM, CPU load and temperature
 * over the five timespans, refreshed every 300 s while the page is visible, the spells it was
 * down, and its latest figures, connection details and (for admins) capabilities in tabs.
 */
export function GatewayStatusPage() {
  const { t } = useTranslation();
  const { losCode = '' } = useParams();
  const [timespan, setTimespan] = useState<Timespan>('day');
  const [temperatureUnit, setTemperatureUnit] = useState<TemperatureUnit>('celsius');
  const answer = usePhysicalStatus(losCode, timespan);
  const status = answer.data?.gateway.physicalStatus;
  const names = useMemo(
    () => ({
      usedRam: t('GATEWAY_STATUS.USED_RAM'),
      cpuLoad: t('GATEWAY_STATUS.CPU_LOAD'),
      temperature: t('GATEWAY_STATUS.TEMPERATURE'),
    }),
    [t],
  );
  const chart = useMemo(
    () => (status ? gatewayChart(status, temperatureUnit, names) : { x: [], series: [] }),
    [status, temperatureUnit, names],
  );
  const temperatureMissing = status !== undefined && latestFigures(status).temperature === null;

  return (
    <ScreenPage title={t('GATEWAY_STATUS.TITLE')}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('GATEWAY_STATUS.CHART_TITLE')}
            </Title>
            <SegmentedControl
              size="xs"
              aria-label={t('GATEWAY_STATUS.TEMPERATURE_UNIT')}
              data={temperatureUnits.map((unit) => ({
                value: unit,
                label: temperatureSymbols[unit],
              }))}
              value={temperatureUnit}
              onChange={(value) => {
                const chosen = temperatureUnits.find((unit) => unit === value);
                if (chosen) setTemperatureUnit(chosen);
              }}
            />
          </Group>
          <TimeChart
            label={t('GATEWAY_STATUS.CHART_LABEL')}
            height={gatewayChartHeight}
            x={chart.x}
            series={chart.series}
            isLoading={answer.isPending}
            isError={answer.isError}
            yMax={gatewayChartTop(chart.series)}
            timespan={{ options: timespans, value: timespan, onChange: setTimespan }}
            notice={
              temperatureMissing && (
                <Text size="xs" c="orange.8">
                  {t('GATEWAY_STATUS.TEMPERATURE_NOT_AVAILABLE')}
                </Text>
              )
            }
          />
        </Stack>
      </Paper>
      <DowntimeList answer={answer} />
      <GatewayTabs losCode={losCode} answer={answer} />
    </ScreenPage>
  );
}
