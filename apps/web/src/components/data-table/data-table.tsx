import {
  Alert,
  Group,
  Loader,
  Pagination,
  Select,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PageSize, pageSizeOptions } from '../../lib/page-size';

/** The caption names the table for screen readers; the screen's own heading shows it. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A sort icon keeps its size beside a header that wraps. */
const noShrink = { flexShrink: 0 } as const;

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => string | number;
}

export interface TableSort {
  key: string;
  descending: boolean;
}

export interface DataTableProps<Row> {
  rows: readonly Row[] | undefined;
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  isLoading?: boolean;
  error?: string | null;
  emptyText: string;
  /** Absent (with its setter): a short list shown whole, with no paging (a gateway's radios). */
  pageSize?: PageSize;
  onPageSizeChange?: (size: PageSize) => void;
  onRowClick?: (row: Row) => void;
  selectedKey?: string | null;
  /** The table's accessible name. */
  caption?: string;
  /** The sort a table opens with (the uptime report's average uptime); unsorted without it. */
  defaultSort?: TableSort;
  /**
   * Paging done by the server: `rows` is the current page, `total` counts them all. Without it
   * the table pages (and sorts) the rows it is given.
   */
  serverPaging?: { total: number; page: number; onPageChange: (page: number) => void };
  /**
   * Sorting done by the server: the headers of the columns in `columns` sort, the table shows
   * `sort` and reports a click, and leaves the rows in the order given. Without it the table
   * sorts the rows it is given by the columns that have a `sortValue`.
   */
  serverSort?: {
    columns: readonly string[];
    sort: TableSort;
    onSortChange: (sort: TableSort) => void;
  };
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

export interface TableSort {
  key: string;
  descending: boolean;
}

/**
 * The one table: loading, error, empty, sorting and paging live here so screens only say what
 * to show. Paging shows boundary links and at most 7 page links (seed 000 section 9).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [clientSort, setClientSort] = useState<TableSort | null>(props.defaultSort ?? null);
  const sort = props.serverSort?.sort ?? clientSort;

  const sorted = useMemo(() => {
    const rows = [...(props.rows ?? [])];
    const column = props.columns.find((candidate) => candidate.key === sort?.key);
    if (!sort || !column?.sortValue || props.serverPaging || props.serverSort) return rows;
    const value = column.sortValue;
    rows.sort((a, b) => {
      const left = value(a);
      const right = value(b);
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right));
      return sort.descending ? -order : order;
    });
    return rows;
  }, [props.rows, props.columns, props.serverPaging, props.serverSort, sort]);

  const server = props.serverPaging;
  const { pageSize, onPageSizeChange } = props;
  const pageCount = pageSize
    ? Math.max(1, Math.ceil((server?.total ?? sorted.length) / pageSize))
    : 1;
  const currentPage = Math.min(server?.page ?? page, pageCount);
  const visible =
    server || !pageSize
      ? sorted
      : sorted.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  const changePage = server?.onPageChange ?? setPage;

  const nextSort = (current: TableSort | null, key: string): TableSort =>
    current?.key === key ? { key, descending: !current.descending } : { key, descending: false };
  const toggleSort = (key: string): void => {
    if (props.serverSort) props.serverSort.onSortChange(nextSort(props.serverSort.sort, key));
    else setClientSort((current) => nextSort(current, key));
  };
  const sortable = (column: DataTableColumn<Row>): boolean =>
    props.serverSort
      ? props.serverSort.columns.includes(column.key)
      : Boolean(column.sortValue) && !server;

  let body: ReactNode;
  if (props.isLoading) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={props.columns.length}>
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={t('TABLE.LOADING')} />
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  } else if (props.error) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={props.columns.length}>
          <Alert color="red" role="alert">
            {props.error}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (visible.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={props.columns.length}>
          <Text c="dimmed" ta="center" p="md">
            {props.emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = visible.map((row) => {
      const key = props.rowKey(row);
      return (
        <Table.Tr
          key={key}
          onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
          style={props.onRowClick ? { cursor: 'pointer' } : undefined}
          bg={key === props.selectedKey ? 'var(--mantine-primary-color-light)' : undefined}
          aria-selected={props.selectedKey !== undefined ? key === props.selectedKey : undefined}
        >
          {props.columns.map((column) => (
            <Table.Td key={column.key}>{column.render(row)}</Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  const table = (
    <Table striped highlightOnHover={Boolean(props.onRowClick)} captionSide="top">
      {props.caption && <Table.Caption style={visuallyHidden}>{props.caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {props.columns.map((column) => {
            const sortedHere = sort?.key === column.key;
            const ariaSort = sortedHere
              ? sort.descending
                ? 'descending'
                : 'ascending'
              : undefined;
            return (
              <Table.Th key={column.key} aria-sort={ariaSort}>
                {sortable(column) ? (
                  <UnstyledButton onClick={() => toggleSort(column.key)} fw={600} fz="sm">
                    <Group gap={4} wrap="nowrap">
                      {column.header}
                      {!sortedHere && <IconArrowsSort size={14} aria-hidden style={noShrink} />}
                      {sortedHere && !sort.descending && (
                        <IconSortAscending size={14} aria-hidden style={noShrink} />
                      )}
                      {sortedHere && sort.descending && (
                        <IconSortDescending size={14} aria-hidden style={noShrink} />
                      )}
                    </Group>
                  </UnstyledButton>
                ) : (
                  column.header
                )}
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{body}</Table.Tbody>
    </Table>
  );

  return (
    <div>
      {props.minWidth ? (
        <Table.ScrollContainer minWidth={props.minWidth} type="native">
          {table}
        </Table.ScrollContainer>
      ) : (
        table
      )}
      {pageSize && onPageSizeChange && (
        <Group justify="space-between" mt="sm">
          <Select
            label={t('TABLE.PAGE_SIZE')}
            size="xs"
            w={120}
            allowDeselect={false}
            data={pageSizeOptions.map(String)}
            value={String(pageSize)}
            onChange={(value) => {
              if (!value) return;
              changePage(1);
              onPageSizeChange(Number(value) as PageSize);
            }}
          />
          <Pagination
            total={pageCount}
            value={currentPage}
            onChange={changePage}
            siblings={1}
            boundaries={1}
            withEdges
            size="sm"
            aria-label={t('TABLE.PAGES')}
          />
        </Group>
      )}
    </div>
  );
}
