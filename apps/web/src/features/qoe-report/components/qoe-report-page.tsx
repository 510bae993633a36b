import {
  type QoeReportColumn,
  type QoeResult,
  qoeReportColumns,
  qoeReportMaxRows,
  qoeUnavailable,
} from '@linesight/contract';
import { Alert, Anchor, Button, Grid, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../components/charts/chart-format';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ScreenPage } from '../../../components/layout/screen-page';
import { downloadCsv } from '../../../lib/csv';
import { localPageSizeStore, useStoredPageSize } from '../../../lib/page-size';
import { href } from '../../../lib/routes';
import type { TranslationKey } from '../../../lib/translation-key';
import { errorMessage } from '../../../lib/translate-error';
import { queryQoe, useQoeQuery } from '../api/query-qoe';
import { qoeCsvFileName, qoeResultsCsv } from '../report-csv';
import {
  type QoeReportView,
  qoePageQuery,
  qoeReportParams,
  qoeReportViewFrom,
} from '../report-filters';
import { FilterPanel } from './filter-panel';

const columnHeaders: Record<QoeReportColumn, TranslationKey> = {
  subscriberName: 'QOE_REPORT.COLUMN_SUBSCRIBER_NAME',
  lineOfServiceCode: 'QOE_REPORT.COLUMN_LINE_OF_SERVICE_CODE',
  deviceType: 'QOE_REPORT.COLUMN_DEVICE_TYPE',
  deviceIdentifier: 'QOE_REPORT.COLUMN_DEVICE_IDENTIFIER',
  overallScore: 'QOE_REPORT.COLUMN_OVERALL_SCORE',
  cpuPercentScore: 'QOE_REPORT.COLUMN_CPU_PERCENT_SCORE',
  freeRamScore: 'QOE_REPORT.COLUMN_FREE_RAM_SCORE',
  wifiScore: 'QOE_REPORT.COLUMN_WIFI_SCORE',
  physicalStatusScore: 'QOE_REPORT.COLUMN_PHYSICAL_STATUS_SCORE',
  avgMaxUptimeScore: 'QOE_REPORT.COLUMN_AVG_MAX_UPTIME_SCORE',
  usedCpuPercent: 'QOE_REPORT.COLUMN_USED_CPU_PERCENT',
  usedRamPercent: 'QOE_REPORT.COLUMN_USED_RAM_PERCENT',
  lanHostCount: 'QOE_REPORT.COLUMN_LAN_HOST_COUNT',
};

/** A score and a usage percent show one decimal, the LAN device count none. */
const decimalsOf = (column: QoeReportColumn): number => (column === 'lanHostCount' ? 0 : 1);

/** Codes read as one word: "FLEET-LOS-DSL" broken at its hyphens reads as three. */
const codeColumns: ReadonlySet<QoeReportColumn> = new Set([
  'lineOfServiceCode',
  'deviceType',
  'deviceIdentifier',
]);
const noWrap = { whiteSpace: 'nowrap' } as const;

/** A summary opens for a line whose gateway is known (seed 001 section 2). */
const opensSummary = (result: QoeResult): boolean =>
  result.lineOfServiceCode !== '' &&
  (result.deviceType !== null || result.deviceIdentifier !== null);

/**
 * A score the gateway gave no measurements for (-1), or a figure it did not report, shows a
 * dash, read out as "Not available": a -1 would read as a very bad score.
 */
function Unavailable() {
  const { t } = useTranslation();
  return (
    <Text span size="sm" c="dimmed" title={t('QOE_REPORT.UNAVAILABLE')}>
      <span aria-hidden>—</span>
      <VisuallyHidden>{t('QOE_REPORT.UNAVAILABLE')}</VisuallyHidden>
    </Text>
  );
}

/**
 * base.qoe-report (Admin and CSR): the lines of the fleet with their QoE scores over the last
 * day, filtered by the panel's sliders and LAN device inputs, sorted and paged by the server,
 * exported whole as qoe-results.csv. The filters, sort and page live in the address.
 */
export function QoeReportPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = qoeReportViewFrom(params);
  const [pageSize, setPageSize] = useStoredPageSize(localPageSizeStore('qoe-report'), 10);
  const answer = useQoeQuery(qoePageQuery(view, pageSize));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  // Replace, not push: Back leaves the report rather than stepping through every filter moved.
  const show = (changes: Partial<QoeReportView>): void =>
    setParams((current) => qoeReportParams({ ...qoeReportViewFrom(current), ...changes }), {
      replace: true,
    });

  const exportCsv = async (): Promise<void> => {
    setExporting(true);
    setExportError(null);
    try {
      const all = await queryQoe(qoePageQuery({ ...view, page: 1 }, qoeReportMaxRows));
      downloadCsv(qoeCsvFileName, qoeResultsCsv(all.results));
    } catch (error) {
      setExportError(errorMessage(t, error, 'QOE_REPORT.EXPORT_ERROR'));
    } finally {
      setExporting(false);
    }
  };

  const numberCell = (column: QoeReportColumn, result: QoeResult): ReactNode => {
    const value = result[column];
    if (typeof value !== 'number') return value ?? <Unavailable />;
    if (value === qoeUnavailable) return <Unavailable />;
    return new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: decimalsOf(column),
      maximumFractionDigits: decimalsOf(column),
    }).format(value);
  };
  const columns: DataTableColumn<QoeResult>[] = qoeReportColumns.map((column) => ({
    key: column,
    header: t(columnHeaders[column]),
    render: (result) => {
      // The row opens the summary for a pointer; the code's link does it for the keyboard.
      if (column === 'lineOfServiceCode' && opensSummary(result)) {
        return (
          <Anchor
            component={Link}
            size="sm"
            style={noWrap}
            to={href('base.summary', { losCode: result.lineOfServiceCode })}
            onClick={(event) => event.stopPropagation()}
          >
            {result.lineOfServiceCode}
          </Anchor>
        );
      }
      if (codeColumns.has(column) && result[column] !== null) {
        return (
          <Text span size="sm" style={noWrap}>
            {result[column]}
          </Text>
        );
      }
      return numberCell(column, result);
    },
  }));

  const data = answer.data;
  const total = data?.total ?? 0;
  // An address kept from a longer report (or typed) can name a page past the last one.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const pastTheEnd = data !== undefined && !answer.isPlaceholderData && view.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) show({ page: lastPage });
  });
  return (
    <ScreenPage title={t('NAV.QOE_REPORT')} fluid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <FilterPanel bounds={view.bounds} onSearch={(bounds) => show({ bounds, page: 1 })} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Text size="sm" role="status">
                  {data && t('QOE_REPORT.RESULT_COUNT', { count: total })}
                </Text>
                {data && (
                  <Text size="sm" c="dimmed" data-testid="qoe-date-range">
                    {t('QOE_REPORT.DATE_RANGE', {
                      start: formatDateTime(i18n.language, data.startTime),
                      end: formatDateTime(i18n.language, data.endTime),
                    })}
                  </Text>
                )}
              </Stack>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={exporting}
                disabled={!data || total === 0}
                onClick={() => void exportCsv()}
              >
                {t('QOE_REPORT.EXPORT')}
              </Button>
            </Group>
            {total > qoeReportMaxRows && (
              <Text size="sm" c="dimmed">
                {t('QOE_REPORT.EXPORT_LIMIT', { count: qoeReportMaxRows })}
              </Text>
            )}
            {exportError && (
              <Alert color="red" role="alert">
                {exportError}
              </Alert>
            )}
            <DataTable
              caption={t('QOE_REPORT.TABLE_CAPTION')}
              minWidth={1100}
              rows={data?.results}
              columns={columns}
              rowKey={(result) => result.lineOfServiceCode}
              isLoading={answer.isPending || answer.isPlaceholderData}
              error={answer.isError ? errorMessage(t, answer.error, 'QOE_REPORT.ERROR') : null}
              emptyText={t('QOE_NO_RESULTS')}
              pageSize={pageSize}
              onPageSizeChange={(size) => {
                setPageSize(size);
                show({ page: 1 });
              }}
              onRowClick={(result) => {
                if (opensSummary(result))
                  void navigate(href('base.summary', { losCode: result.lineOfServiceCode }));
              }}
              serverPaging={{ total, page: view.page, onPageChange: (page) => show({ page }) }}
              serverSort={{
                columns: qoeReportColumns,
                sort: { key: view.sort, descending: view.order === 'desc' },
                onSortChange: (sort) => {
                  const column = qoeReportColumns.find((candidate) => candidate === sort.key);
                  if (column)
                    show({ sort: column, order: sort.descending ? 'desc' : 'asc', page: 1 });
                },
              }}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </ScreenPage>
  );
}
