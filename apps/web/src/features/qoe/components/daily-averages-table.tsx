import { qoeComponentScores, type QoeSpanRow } from '@linesight/contract';
import { Paper, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChartValue } from '../../../components/charts/chart-format';
import { type DataTableColumn, DataTable } from '../../../components/data-table/data-table';
import { errorMessage } from '../../../lib/translate-error';
import { useDailyQoe } from '../api/get-daily-qoe';
import { formatScore } from '../qoe-scores';

/** The seed's score columns after the day, in its order: the overall score, then its parts. */
const scoreColumns = ['overallScore', ...qoeComponentScores] as const;

/**
 * A day as the server cut it: daily rows start at midnight UTC, so the day is named in UTC
 * (in the browser's zone a UTC midnight would name the day before, west of Greenwich).
 */
function formatDay(language: string, epochMs: number): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    epochMs,
  );
}

/**
 * The line's daily averages over the last week (seed 001 section 2, staff only like the whole
 * page): each day's overall and component scores, average CPU and RAM use and the most LAN
 * devices, newest day first, titled with the gateway's device type.
 */
export function DailyAveragesTable({
  losCode,
  refetchInterval,
}: {
  losCode: string;
  refetchInterval: number;
}) {
  const { t, i18n } = useTranslation();
  const daily = useDailyQoe(losCode, refetchInterval);
  const language = i18n.language;
  const rows = useMemo(
    () => daily.data && [...daily.data.data].sort((a, b) => b.timestamp - a.timestamp),
    [daily.data],
  );
  const columns = useMemo((): DataTableColumn<QoeSpanRow>[] => {
    const percent = (value: number | null): string => formatChartValue(language, value);
    return [
      {
        key: 'timestamp',
        header: t('QOE_PAGE.DAY'),
        render: (row) => formatDay(language, row.timestamp),
      },
      ...scoreColumns.map((score): DataTableColumn<QoeSpanRow> => ({
        key: score,
        header: t(`QOE_PAGE.SCORES.${score}`),
        render: (row) => formatScore(language, row[score]),
      })),
      {
        key: 'usedCpuPercent',
        header: t('QOE_PAGE.AVERAGE_CPU_PERCENT'),
        render: (row) => percent(row.usedCpuPercent),
      },
      {
        key: 'usedRamPercent',
        header: t('QOE_PAGE.AVERAGE_RAM_PERCENT'),
        render: (row) => percent(row.usedRamPercent),
      },
      {
        key: 'lanHostCount',
        header: t('QOE_PAGE.MAX_LAN_DEVICES'),
        render: (row) => (row.lanHostCount === null ? '–' : String(row.lanHostCount)),
      },
    ];
  }, [t, language]);

  const deviceType = daily.data?.deviceType;
  const title = deviceType
    ? t('QOE_PAGE.DAILY_TITLE_FOR', { deviceType })
    : t('QOE_PAGE.DAILY_TITLE');
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm" data-testid="daily-title">
        {title}
      </Title>
      <DataTable<QoeSpanRow>
        caption={t('QOE_PAGE.DAILY_TITLE')}
        rows={rows}
        rowKey={(row) => String(row.timestamp)}
        isLoading={daily.isPending}
        error={daily.isError ? errorMessage(t, daily.error, 'QOE_PAGE.LOAD_ERROR') : null}
        emptyText={t('QOE_PAGE.NO_DAILY')}
        columns={columns}
      />
    </Paper>
  );
}
