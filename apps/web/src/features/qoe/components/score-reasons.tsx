import type { IndividualQoeResponse, QoeMeasurement } from '@linesight/contract';
import { List, Loader, Paper, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatChartValue, formatDateTime } from '../../../components/charts/chart-format';
import { errorMessage } from '../../../lib/translate-error';
import { formatScore, formatUptime, unreportedScores, weakestScores } from '../qoe-scores';

/** The measurements docs/qoe-model.md names, each with a sentence of its own. */
const knownMeasurements = [
  'usedCpuPercent',
  'freeRamPercent',
  'wifiSignalPercent',
  'temperatureC',
  'dslMarginDb',
  'docsisSnrDb',
  'avgMaxUptimeSeconds',
] as const;
type KnownMeasurement = (typeof knownMeasurements)[number];

function isKnown(name: string): name is KnownMeasurement {
  return (knownMeasurements as readonly string[]).includes(name);
}

/** What one measurement said, in plain words: "the gateway's CPU was 91% busy on average". */
function reason(t: TFunction, language: string, measurement: QoeMeasurement): string {
  const known = isKnown(measurement.measurement) ? measurement.measurement : null;
  const name = known ? t(`QOE_PAGE.MEASUREMENT_NAMES.${known}`) : measurement.measurement;
  if (measurement.value === null) {
    return t('QOE_PAGE.MEASUREMENT_NOT_REPORTED', { measurement: name });
  }
  if (!known) {
    return t('QOE_PAGE.MEASUREMENT_OTHER', {
      measurement: name,
      value: formatChartValue(language, measurement.value),
    });
  }
  const value =
    known === 'avgMaxUptimeSeconds'
      ? formatUptime(language, measurement.value)
      : formatChartValue(language, measurement.value);
  return t(`QOE_PAGE.MEASUREMENTS.${known}`, { value });
}

/**
 * Which of the latest scores pulled the line down, lowest first, each with what it read, and
 * which scores the gateway gave nothing for: the first thing an agent asks of a poor score.
 */
export function ScoreReasons(props: {
  answer: IndividualQoeResponse | null | undefined;
  isPending: boolean;
  error: unknown;
}) {
  const { answer } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const list = (conjunction: string[]): string =>
    new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(conjunction);

  let body;
  if (props.isPending) body = <Loader size="sm" aria-label={t('CHART.LOADING')} />;
  else if (answer === undefined)
    body = (
      <Text c="red" size="sm">
        {errorMessage(t, props.error, 'QOE_PAGE.LOAD_ERROR')}
      </Text>
    );
  else if (!answer?.latest) body = <Text c="dimmed">{t('QOE_PAGE.NO_LATEST')}</Text>;
  else {
    const { latest } = answer;
    const weak = weakestScores(latest, answer.measurements);
    const unreported = unreportedScores(latest);
    body = (
      <>
        <Text size="sm" c="dimmed">
          {t('QOE_PAGE.LATEST_AT', {
            time: formatDateTime(language, latest.timestamp),
            overall: formatScore(language, latest.overallScore),
          })}
        </Text>
        {weak.length === 0 ? (
          <Text size="sm">{t('QOE_PAGE.ALL_AT_TOP')}</Text>
        ) : (
          <List size="sm" spacing={4} data-testid="score-reasons">
            {weak.map((entry) => (
              <List.Item key={entry.score} data-score={entry.score}>
                {t('QOE_PAGE.REASON', {
                  score: t(`QOE_PAGE.SCORES.${entry.score}`),
                  value: formatScore(language, entry.value),
                  reasons:
                    entry.measurements.length === 0
                      ? t('QOE_PAGE.NO_MEASUREMENT')
                      : list(entry.measurements.map((m) => reason(t, language, m))),
                })}
              </List.Item>
            ))}
          </List>
        )}
        {unreported.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="unreported-scores">
            {t('QOE_PAGE.UNREPORTED', {
              scores: list(unreported.map((score) => t(`QOE_PAGE.SCORES.${score}`))),
            })}
          </Text>
        )}
      </>
    );
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('QOE_PAGE.REASONS_TITLE')}
      </Title>
      {body}
    </Paper>
  );
}
