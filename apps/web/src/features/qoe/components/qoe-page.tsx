import { defaultReportingFrequencySeconds, type Timespan, timespans } from '@linesight/contract';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TimeChart } from '../../../components/charts/time-chart';
import { CorrectiveActionsPanel } from '../../../components/corrective-actions/corrective-actions-panel';
import { ScreenPage } from '../../../components/layout/screen-page';
import { SelectedLinePanel } from '../../../components/layout/selected-line-panel';
import { useReportingFrequency } from '../../../lib/reporting-frequency';
import { useSubscriberDevice } from '../../../lib/subscriber-device';
import { useIndividualQoe } from '../api/get-individual-qoe';
import { qoeChart, qoeChartTop } from '../qoe-scores';
import { DailyAveragesTable } from './daily-averages-table';
import { ScoreReasons } from './score-reasons';

/** As high as the gateway and WAN charts (seed 001 section 9 gives none for QoE). */
const qoeChartHeight = 285;

/**
 * base.qoe (staff only; the router keeps consumers out): a line's CPU, free RAM and WiFi scores
 * over the five timespans, read again every reporting frequency (seed 001 section 4) while the
 * page is visible; which latest scores pulled it down and why; its daily averages over the last
 * week; and its corrective actions.
 */
export function QoePage() {
  const { t, i18n } = useTranslation();
  const { losCode = '' } = useParams();
  const [timespan, setTimespan] = useState<Timespan>('day');
  const frequency = useReportingFrequency();
  const refetchInterval = (frequency.data ?? defaultReportingFrequencySeconds) * 1000;
  const answer = useIndividualQoe(losCode, timespan, refetchInterval);
  const line = useSubscriberDevice(losCode);
  const names = useMemo(
    () => ({
      cpupercent: t('QOE_PAGE.SCORES.cpuPercentScore'),
      freeram: t('QOE_PAGE.SCORES.freeRamScore'),
      wifi: t('QOE_PAGE.SCORES.wifiScore'),
    }),
    [t],
  );
  const unit = t('QOE_PAGE.SCORE_UNIT');
  const chart = useMemo(
    () =>
      answer.data ? qoeChart(answer.data, names, unit) : { x: [], series: [], drawnAtZero: [] },
    [answer.data, names, unit],
  );

  return (
    <ScreenPage title={t('QOE_PAGE.TITLE')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('QOE_PAGE.CHART_TITLE')}
                </Title>
                <TimeChart
                  label={t('QOE_PAGE.CHART_LABEL')}
                  height={qoeChartHeight}
                  x={chart.x}
                  series={chart.series}
                  isLoading={answer.isPending}
                  isError={answer.isError}
                  yMin={0}
                  yMax={qoeChartTop}
                  timespan={{ options: timespans, value: timespan, onChange: setTimespan }}
                  notice={
                    chart.drawnAtZero.length > 0 && (
                      <Text size="xs" c="dimmed" data-testid="drawn-at-zero">
                        {t('QOE_PAGE.DRAWN_AT_ZERO', {
                          scores: new Intl.ListFormat(i18n.language, {
                            type: 'conjunction',
                          }).format(chart.drawnAtZero.map((key) => names[key])),
                        })}
                      </Text>
                    )
                  }
                />
              </Stack>
            </Paper>
            <ScoreReasons answer={answer.data} isPending={answer.isPending} error={answer.error} />
            <DailyAveragesTable losCode={losCode} refetchInterval={refetchInterval} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="md">
            {line.data && <SelectedLinePanel line={line.data} />}
            <CorrectiveActionsPanel losCode={losCode} />
          </Stack>
        </Grid.Col>
      </Grid>
    </ScreenPage>
  );
}
