import {
  cleanSsid,
  type DeviceCommand,
  gatewayChartRefreshSeconds,
  type SiteSurveyEntry,
  type WifiSettings,
  type WifiSpectrumAnalyzer,
} from '@linesight/contract';
import {
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../components/charts/chart-format';
import type { ChartXAxis } from '../../../components/charts/chart-types';
import { TimeChart } from '../../../components/charts/time-chart';
import { DataTable } from '../../../components/data-table/data-table';
import { SelectedLinePanel } from '../../../components/layout/selected-line-panel';
import { notReportedText, useDeviceCapabilities } from '../../../lib/device-capabilities';
import { useSession } from '../../../lib/session';
import { useSubscriberDevice } from '../../../lib/subscriber-device';
import { useWifiSettings, wifiSettingsQueryOptions } from '../../../lib/wifi-settings';
import {
  useWifiSpectrumAnalyzer,
  wifiSpectrumAnalyzerQueryOptions,
} from '../api/get-wifi-spectrum-analyzer';
import { radioOf, radioShows, surveyShows } from '../channel-form';
import {
  bandEntries,
  bandLabel,
  recommendedFor,
  showsDfs,
  slotIncrements,
  slotLabel,
  type SurveyBand,
  surveyBands,
  surveyChart,
  surveyMarkers,
} from '../survey-chart';
import { ChannelForm } from './channel-form';
import { ScreenPage } from '../../../components/layout/screen-page';

const surveyChartHeight = 320;

/** While a change waits for the gateway's next report, the survey is read this often. */
const awaitingReportMs = 5000;
/** And for at most this long: a real gateway reports every 300 s. */
const awaitingReportLimitMs = 10 * 60_000;

/** A change the gateway acknowledged, until the survey shows it. */
interface AwaitedChange {
  band: SurveyBand;
  command: DeviceCommand;
  /** The report time of the band's own rows when the ACK came: the change is in a later one. */
  reportedAt: number;
}

/** When the gateway's own rows of a band were last reported. */
function ownReportTime(entries: readonly SiteSurveyEntry[], band: SurveyBand): number {
  return Math.max(
    0,
    ...entries
      .filter((entry) => entry.client && entry.freqBand === band)
      .map((entry) => entry.timestamp),
  );
}

/**
 * Whether an acknowledged change has yet to show: in a survey reported after the ACK, and in the
 * WiFi settings the form starts from (each is read on its own, so each must show it).
 */
function awaitsReport(
  awaited: AwaitedChange | null,
  survey: WifiSpectrumAnalyzer | null | undefined,
  settings: WifiSettings | null | undefined,
): boolean {
  if (!awaited) return false;
  const radio = settings?.wifiRadios.find((each) => each.freqBand === awaited.band) ?? null;
  const surveyDone =
    !!survey &&
    ownReportTime(survey.siteSurvey, awaited.band) > awaited.reportedAt &&
    surveyShows(awaited.command, survey.siteSurvey);
  return !(surveyDone && radioShows(awaited.command, radio));
}

/**
 * base.site-survey (seed 001 sections 2 and 5, docs/decisions/018): the networks each radio
 * hears around the gateway as humps over the band's channels, with the recommended channel;
 * the table of them; and on the gateway's own rows the channel form. Consumers get it without
 * the selected-line panel and change the channel only.
 */
export function SiteSurveyPage() {
  const { t, i18n } = useTranslation();
  const theme = useMantineTheme();
  const queryClient = useQueryClient();
  const { losCode = '' } = useParams();
  const { isConsumer } = useSession();
  const [band, setBand] = useState<SurveyBand>('2.4GHz');
  const [formKey, setFormKey] = useState<string | null>(null);
  const [awaited, setAwaited] = useState<AwaitedChange | null>(null);

  // Read again often until a report after the ACK shows the change, then every 300 s.
  const [surveyInterval, setSurveyInterval] = useState(gatewayChartRefreshSeconds * 1000);
  const survey = useWifiSpectrumAnalyzer(losCode, { refetchInterval: surveyInterval });
  const settings = useWifiSettings(losCode, { refetchInterval: surveyInterval });
  const awaitingReport = awaitsReport(awaited, survey.data, settings.data);
  const interval = awaitingReport ? awaitingReportMs : gatewayChartRefreshSeconds * 1000;
  if (interval !== surveyInterval) setSurveyInterval(interval);
  useEffect(() => {
    if (!awaited) return;
    const stop = setTimeout(() => setAwaited(null), awaitingReportLimitMs);
    return () => clearTimeout(stop);
  }, [awaited]);
  const capabilities = useDeviceCapabilities(losCode);
  const line = useSubscriberDevice(losCode);

  const entries = useMemo(
    () => bandEntries(survey.data?.siteSurvey ?? [], band),
    [survey.data, band],
  );
  const radio = settings.data?.wifiRadios.find((candidate) => candidate.freqBand === band) ?? null;
  const recommended = recommendedFor(survey.data?.recommendedChannel ?? [], band);
  const withDfs = showsDfs(band, radio, entries);
  // When the neighbours were heard: an offline gateway's survey is hours old.
  const heardAt = entries.filter((entry) => !entry.client).map((entry) => entry.timestamp);
  const surveyedAt = heardAt.length > 0 ? Math.max(...heardAt) : null;
  const chart = useMemo(() => surveyChart(band, entries, withDfs), [band, entries, withDfs]);

  const xAxis = useMemo(
    (): ChartXAxis => ({
      kind: 'value',
      label: t('SITE_SURVEY.CHANNEL'),
      format: (slot) => slotLabel(band, chart.slots, slot),
      increments: slotIncrements(band),
    }),
    [t, band, chart.slots],
  );
  const markers = useMemo(
    () =>
      surveyMarkers(band, chart.slots, radio, recommended, {
        current: { label: t('SITE_SURVEY.YOUR_GATEWAY'), colour: theme.colors.gray[7] },
        recommended: { label: t('SITE_SURVEY.RECOMMENDED_CHANNEL'), colour: theme.colors.green[7] },
      }),
    [t, theme, band, chart.slots, radio, recommended],
  );

  const commandsSupported = capabilities.data?.commands === true;
  const rowKey = (entry: SiteSurveyEntry): string =>
    `${entry.client ? 'own' : 'heard'}|${entry.bssid ?? ''}|${entry.ssid ?? ''}|${entry.channel ?? ''}`;
  const formEntry = entries.find((entry) => entry.client && rowKey(entry) === formKey) ?? null;
  const noData = survey.data === null;
  // TR-098 has no neighbouring WiFi diagnostic: such a gateway never surveys.
  const notSurveyed = notReportedText(
    capabilities.data,
    'wifiSpectrumAnalyzer',
    t('SITE_SURVEY.NOT_REPORTED'),
  );
  const dash = '–';
  const channelText = (channel: number | null): string =>
    channel === null ? dash : channel === 0 ? t('SITE_SURVEY.AUTO') : String(channel);

  const onChanged = (command: DeviceCommand): void => {
    setAwaited({
      band,
      command,
      reportedAt: ownReportTime(survey.data?.siteSurvey ?? [], band),
    });
    void queryClient.invalidateQueries(wifiSpectrumAnalyzerQueryOptions(losCode));
    void queryClient.invalidateQueries(wifiSettingsQueryOptions(losCode));
  };

  const content = (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <SegmentedControl
              aria-label={t('SITE_SURVEY.BAND')}
              data={surveyBands.map((value) => ({
                value,
                label: bandLabel(value, i18n.language),
              }))}
              value={band}
              onChange={(value) => {
                const chosen = surveyBands.find((option) => option === value);
                if (chosen) setBand(chosen);
                setFormKey(null);
              }}
            />
            {survey.data && (
              <Group gap="md">
                {radio && (
                  <Text size="sm" data-testid="current-channel">
                    {t('SITE_SURVEY.CURRENT_VALUE', {
                      channel: channelText(radio.channel),
                      centre: channelText(radio.centerChannel),
                      bandwidth:
                        radio.channelBandwidth === null
                          ? t('SITE_SURVEY.BANDWIDTH_NOT_REPORTED')
                          : `${radio.channelBandwidth} MHz`,
                    })}
                  </Text>
                )}
                <Text size="sm" fw={500} data-testid="recommended-channel">
                  {recommended === null
                    ? t('SITE_SURVEY.NO_RECOMMENDATION')
                    : t('SITE_SURVEY.RECOMMENDED_VALUE', { channel: recommended })}
                </Text>
              </Group>
            )}
          </Group>
          <TimeChart
            label={t('SITE_SURVEY.CHART_LABEL', { band: bandLabel(band, i18n.language) })}
            height={surveyChartHeight}
            x={chart.x}
            xAxis={xAxis}
            series={chart.series}
            markers={markers}
            yMin={chart.floor}
            yMax={chart.ceiling}
            isLoading={survey.isPending}
            isError={survey.isError}
            emptyText={notSurveyed}
            notice={
              <Stack gap={0}>
                {surveyedAt !== null && (
                  <Text size="xs" c="dimmed" data-testid="survey-time">
                    {t('SITE_SURVEY.REPORTED_AT', {
                      time: formatDateTime(i18n.language, surveyedAt),
                    })}
                  </Text>
                )}
                {withDfs && (
                  <Text size="xs" c="dimmed">
                    {t('SITE_SURVEY.DFS_NOTE')}
                  </Text>
                )}
              </Stack>
            }
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <DataTable<SiteSurveyEntry>
          caption={t('SITE_SURVEY.CHART_LABEL', { band: bandLabel(band, i18n.language) })}
          rows={survey.isError || noData ? undefined : entries}
          rowKey={rowKey}
          isLoading={survey.isPending}
          error={
            survey.isError
              ? t('HIGHCHARTS_LANG.MISC.ERROR_LOADING_DATA')
              : noData
                ? (notSurveyed ?? t('HIGHCHARTS_LANG.MISC.NO_DATA'))
                : null
          }
          emptyText={t('SITE_SURVEY.NO_NETWORKS')}
          selectedKey={formKey}
          columns={[
            {
              key: 'ssid',
              header: t('SITE_SURVEY.SSID'),
              render: (entry) => (
                <Stack gap={2} align="flex-start">
                  <span>{cleanSsid(entry.ssid)}</span>
                  {entry.client && (
                    <Badge size="xs" variant="light" data-testid="own-network">
                      {t('SITE_SURVEY.YOUR_GATEWAY')}
                    </Badge>
                  )}
                </Stack>
              ),
              sortValue: (entry) => cleanSsid(entry.ssid).toLowerCase(),
            },
            {
              key: 'bssid',
              header: t('SITE_SURVEY.BSSID'),
              render: (entry) => entry.bssid ?? dash,
              sortValue: (entry) => entry.bssid ?? '',
            },
            {
              key: 'standard',
              header: t('SITE_SURVEY.STANDARD'),
              render: (entry) => entry.standard ?? dash,
              sortValue: (entry) => entry.standard ?? '',
            },
            {
              key: 'centerChannel',
              header: t('SITE_SURVEY.CENTER_CHANNEL'),
              render: (entry) => channelText(entry.centerChannel),
              sortValue: (entry) => entry.centerChannel ?? -1,
            },
            {
              key: 'channelBandwidth',
              header: t('SITE_SURVEY.CHANNEL_BANDWIDTH'),
              render: (entry) =>
                entry.channelBandwidth === null
                  ? t('DEVICE.NOT_REPORTED')
                  : `${entry.channelBandwidth} MHz`,
              sortValue: (entry) => entry.channelBandwidth ?? -1,
            },
            {
              key: 'rssi',
              header: t('SITE_SURVEY.RSSI'),
              render: (entry) => (entry.rssi === null ? dash : `${entry.rssi} dBm`),
              // The gateway's own rows (no RSSI) sort above the strongest neighbour.
              sortValue: (entry) => entry.rssi ?? 0,
            },
            {
              key: 'security',
              header: t('SITE_SURVEY.SECURITY'),
              render: (entry) => entry.security ?? dash,
              sortValue: (entry) => entry.security ?? '',
            },
            {
              key: 'actions',
              header: t('SITE_SURVEY.ACTIONS'),
              render: (entry) =>
                entry.client ? (
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={!commandsSupported}
                      onClick={() => setFormKey(rowKey(entry))}
                    >
                      {t('SITE_SURVEY.CHANGE_CHANNEL')}
                    </Button>
                    {capabilities.data && !commandsSupported && (
                      <Text size="xs" c="dimmed">
                        {t('DEVICE_ACTION.COMMANDS_NOT_SUPPORTED')}
                      </Text>
                    )}
                  </Group>
                ) : null,
            },
          ]}
        />
      </Paper>
      {formEntry && (
        <ChannelForm
          losCode={losCode}
          band={band}
          entry={formEntry}
          radio={radioOf(settings.data, formEntry)}
          recommended={recommended}
          consumer={isConsumer}
          awaitingReport={awaitingReport && awaited?.band === band}
          onChanged={onChanged}
          onClose={() => setFormKey(null)}
        />
      )}
    </Stack>
  );

  return (
    <ScreenPage title={t('NAV.SITE_SURVEY')}>
      {isConsumer ? (
        content
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 9 }}>{content}</Grid.Col>
          <Grid.Col span={{ base: 12, lg: 3 }}>
            {line.data && <SelectedLinePanel line={line.data} />}
          </Grid.Col>
        </Grid>
      )}
    </ScreenPage>
  );
}
