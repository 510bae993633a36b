import { type SearchResult, searchResultState } from '@linesight/contract';
import { Button, Checkbox, Container, Group, Popover, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { localPageSizeStore, useStoredPageSize } from '../../../lib/page-size';
import { href } from '../../../lib/routes';
import { sessionStorageKeys } from '../../../lib/storage';
import { errorMessage } from '../../../lib/translate-error';
import { useInterestingSearch } from '../api/interesting-search';
import { useSearch } from '../api/search';

/** Why a result opens no summary: its device has not reported, or there is no device at all. */
function NoDevicePopover({ result }: { result: SearchResult }) {
  const { t } = useTranslation();
  const state = searchResultState(result);
  if (state === 'ready') return null;
  const text = t(state === 'no-device' ? 'SEARCH.NO_ASSOCIATED_DEVICE' : 'SEARCH.NOT_CHECKED_IN');
  return (
    <Popover withArrow shadow="sm" position="top">
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-xs"
          aria-label={text}
          onClick={(event) => event.stopPropagation()}
          leftSection={<IconInfoCircle size={14} aria-hidden />}
        >
          {t('SEARCH.NO_DATA')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{text}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * base.search: a search bar, and a paged table of subscribers and lines. The term, page and
 * filter live in the address, and the last search is kept for the tab until sign-out.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const term = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const unassociatedOnly = params.get('unassociated') === 'true';
  const [draft, setDraft] = useState(term);
  const [pageSize, setPageSize] = useStoredPageSize(localPageSizeStore('search'), 25);

  useEffect(() => {
    if (params.size === 0) {
      const last = sessionStorage.getItem(sessionStorageKeys.searchPage);
      if (last) setParams(new URLSearchParams(last), { replace: true });
    } else {
      sessionStorage.setItem(sessionStorageKeys.searchPage, params.toString());
    }
  }, [params, setParams]);
  // The box follows the address when it changes (back, forward, a restored search).
  const [draftTerm, setDraftTerm] = useState(term);
  if (draftTerm !== term) {
    setDraftTerm(term);
    setDraft(term);
  }

  const searching = term.length > 0;
  const results = useSearch(searching ? { term, page, pageSize, unassociatedOnly } : null);
  const suggestions = useInterestingSearch(!searching);
  const shown = searching ? results : suggestions;

  const update = (changes: Record<string, string | null>): void => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const columns: DataTableColumn<SearchResult>[] = [
    {
      key: 'subscriberName',
      header: t('SEARCH.COLUMN_SUBSCRIBER_NAME'),
      render: (result) =>
        result.subscriberName ?? (
          <Text size="sm" c="dimmed">
            {t('SEARCH.UNASSOCIATED_LINE', { code: result.lineOfServiceCode ?? '' })}
          </Text>
        ),
    },
    {
      key: 'subscriberCode',
      header: t('SEARCH.COLUMN_SUBSCRIBER_CODE'),
      render: (result) => result.subscriberCode,
    },
    {
      key: 'deviceType',
      header: t('SEARCH.COLUMN_DEVICE_TYPE'),
      render: (result) => result.deviceType ?? <NoDevicePopover result={result} />,
    },
    {
      key: 'deviceIdentifier',
      header: t('SEARCH.COLUMN_DEVICE_IDENTIFIER'),
      render: (result) => result.deviceIdentifier,
    },
  ];

  return (
    <Container size="xl" py="lg">
      <Title order={1} size="h2" mb="md">
        {t('NAV.SEARCH')}
      </Title>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const next = draft.trim();
          update({ q: next || null, page: null });
        }}
      >
        <Group align="flex-end" mb="md">
          <TextInput
            flex={1}
            aria-label={t('SEARCH.TERM')}
            placeholder={t('SEARCH.PLACEHOLDER')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={draft}
            maxLength={255}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <Button type="submit">{t('SEARCH.SUBMIT')}</Button>
        </Group>
      </form>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed" role="status">
          {searching
            ? t('SEARCH.RESULT_COUNT', { count: results.data?.total ?? 0 })
            : t('SEARCH.SUGGESTIONS')}
        </Text>
        {searching && (
          <Checkbox
            label={t('SEARCH.UNASSOCIATED_ONLY')}
            checked={unassociatedOnly}
            onChange={(event) =>
              update({ unassociated: event.currentTarget.checked ? 'true' : null, page: null })
            }
          />
        )}
      </Group>
      <DataTable
        rows={searching ? results.data?.results : suggestions.data}
        columns={columns}
        rowKey={(result) => `${result.subscriberCode ?? ''}/${result.lineOfServiceCode ?? ''}`}
        isLoading={shown.isPending}
        error={shown.isError ? errorMessage(t, shown.error, 'SEARCH.ERROR') : null}
        emptyText={t(searching ? 'SEARCH.NO_RESULTS' : 'SEARCH.NO_SUGGESTIONS')}
        pageSize={pageSize}
        onPageSizeChange={(size) => {
          setPageSize(size);
          update({ page: null });
        }}
        onRowClick={(result) => {
          if (result.lineOfServiceCode)
            void navigate(href('base.summary', { losCode: result.lineOfServiceCode }));
        }}
        serverPaging={
          searching
            ? {
                total: results.data?.total ?? 0,
                page,
                onPageChange: (next) => update({ page: String(next) }),
              }
            : undefined
        }
      />
    </Container>
  );
}
