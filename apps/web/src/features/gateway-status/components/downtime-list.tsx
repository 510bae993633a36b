import type { Downtime } from '@linesight/contract';
import { Paper, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/charts/chart-format';
import { DataTable } from '../../../components/data-table/data-table';
import { localPageSizeStore, pageSizeOptions, useStoredPageSize } from '../../../lib/page-size';
import type { PhysicalStatusAnswer } from '../api/get-physical-status';

const pageSizeStore = localPageSizeStore('gateway-downtime');

/**
 * When the gateway was down in the chart's span: each offline spell from its last report to
 * its return ('still offline' while it has not come back), and each reboot at its boot time.
 * Newest first, as a support agent asks "what happened last".
 */
export function DowntimeList({ answer }: { answer: PhysicalStatusAnswer }) {
  const { t, i18n } = useTranslation();
  const [pageSize, setPageSize] = useStoredPageSize(pageSizeStore, 10);
  const rows = useMemo(
    () =>
      answer.data === undefined
        ? undefined
        : [...(answer.data?.gateway.physicalStatus.downtime ?? [])].sort(
            (a, b) => b.startTime - a.startTime,
          ),
    [answer.data],
  );
  // A span's few events show whole; a month of daily reboots pages.
  const paged = (rows?.length ?? 0) > pageSizeOptions[0];
  const time = (epochMs: number): string => formatDateTime(i18n.language, epochMs);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('GATEWAY_STATUS.DOWNTIME')}
      </Title>
      <DataTable<Downtime>
        caption={t('GATEWAY_STATUS.DOWNTIME')}
        rows={rows}
        rowKey={(row) => `${row.cause}-${row.startTime}`}
        isLoading={answer.isPending}
        error={answer.isError ? t('HIGHCHARTS_LANG.MISC.ERROR_LOADING_DATA') : null}
        emptyText={
          answer.data === null ? t('HIGHCHARTS_LANG.MISC.NO_DATA') : t('GATEWAY_STATUS.NO_DOWNTIME')
        }
        pageSize={paged ? pageSize : undefined}
        onPageSizeChange={paged ? setPageSize : undefined}
        columns={[
          {
            key: 'cause',
            header: t('GATEWAY_STATUS.DOWNTIME_CAUSE'),
            render: (row) => t(`GATEWAY_STATUS.DOWNTIME_CAUSES.${row.cause}`),
            sortValue: (row) => row.cause,
          },
          {
            key: 'start',
            header: t('GATEWAY_STATUS.DOWNTIME_START'),
            render: (row) => time(row.startTime),
            sortValue: (row) => row.startTime,
          },
          {
            key: 'end',
            header: t('GATEWAY_STATUS.DOWNTIME_END'),
            render: (row) =>
              row.endTime === null ? (
                <Text span c="red" size="sm" fw={500}>
                  {t('GATEWAY_STATUS.STILL_OFFLINE')}
                </Text>
              ) : (
                time(row.endTime)
              ),
            sortValue: (row) => row.endTime ?? Number.MAX_SAFE_INTEGER,
          },
        ]}
      />
    </Paper>
  );
}
