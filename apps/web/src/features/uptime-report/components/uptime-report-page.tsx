import type { UptimeRow } from '@linesight/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../components/charts/chart-format';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ScreenPage } from '../../../components/layout/screen-page';
import { formatDuration } from '../../../lib/duration';
import { localPageSizeStore, useStoredPageSize } from '../../../lib/page-size';
import { href } from '../../../lib/routes';
import { errorMessage } from '../../../lib/translate-error';
import { useUptimeReport } from '../api/get-uptime-report';

/**
 * A duration or its absence sorts below every known one, ascending: a gateway that never said how
 * long it had been up is not the one that stays up longest.
 */
const durationSortValue = (seconds: number | null): number => seconds ?? -1;

/**
 * base.uptime-report (staff only): the gateways that rebooted most often, sortable by subscriber,
 * average uptime (the default), time since the last reboot and device type, paged on the page.
 * A row opens its line's summary, which makes it the current line (the root layout does).
 */
export function UptimeReportPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const report = useUptimeReport();
  const [pageSize, setPageSize] = useStoredPageSize(localPageSizeStore('uptime-report'), 10);
  const duration = (seconds: number | null) =>
    seconds === null ? (
      <Text size="sm" c="dimmed">
        {t('UPTIME_REPORT.NOT_REPORTED')}
      </Text>
    ) : (
      formatDuration(i18n.language, seconds, { unitDisplay: 'short', largestUnits: 2 })
    );

  const columns: DataTableColumn<UptimeRow>[] = [
    {
      key: 'subscriberName',
      header: t('UPTIME_REPORT.COLUMN_SUBSCRIBER_NAME'),
      render: (row) => row.subscriberName,
      sortValue: (row) => row.subscriberName,
    },
    {
      key: 'weightedAvgUptimeInSeconds',
      header: t('UPTIME_REPORT.COLUMN_AVERAGE_UPTIME'),
      render: (row) => duration(row.weightedAvgUptimeInSeconds),
      sortValue: (row) => durationSortValue(row.weightedAvgUptimeInSeconds),
    },
    {
      key: 'uptimeInSeconds',
      header: t('UPTIME_REPORT.COLUMN_UPTIME'),
      render: (row) => duration(row.uptimeInSeconds),
      sortValue: (row) => durationSortValue(row.uptimeInSeconds),
    },
    {
      key: 'deviceType',
      header: t('UPTIME_REPORT.COLUMN_DEVICE_TYPE'),
      render: (row) => row.deviceType ?? '',
      sortValue: (row) => row.deviceType ?? '',
    },
  ];

  return (
    <ScreenPage title={t('UPTIME_REPORT.TITLE')}>
      <Text size="sm" c="dimmed" data-testid="uptime-report-window">
        {report.data
          ? t('UPTIME_REPORT.WINDOW', {
              start: formatDateTime(i18n.language, report.data.startTime),
              end: formatDateTime(i18n.language, report.data.endTime),
            })
          : t('UPTIME_REPORT.INTRO')}
      </Text>
      <DataTable
        caption={t('UPTIME_REPORT.TITLE')}
        rows={report.data?.results}
        columns={columns}
        rowKey={(row) => row.lineOfServiceCode}
        isLoading={report.isPending}
        error={report.isError ? errorMessage(t, report.error, 'UPTIME_REPORT.ERROR') : null}
        emptyText={t('UPTIME_REPORT.EMPTY')}
        defaultSort={{ key: 'weightedAvgUptimeInSeconds', descending: false }}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        onRowClick={(row) => {
          void navigate(href('base.summary', { losCode: row.lineOfServiceCode }));
        }}
      />
    </ScreenPage>
  );
}
