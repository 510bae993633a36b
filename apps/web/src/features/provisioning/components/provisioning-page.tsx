import type { DeviceLine, Subscriber } from '@linesight/contract';
import {
  Alert,
  Button,
  Container,
  Divider,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { localPageSizeStore, useStoredPageSize } from '../../../lib/page-size';
import { reportError } from '../../../lib/report-error';
import { href } from '../../../lib/routes';
import { errorMessage } from '../../../lib/translate-error';
import { useAssociateLine } from '../api/associate-line';
import { useDeleteSubscriber } from '../api/delete-subscriber';
import { useDeprovisionDevice } from '../api/deprovision-device';
import { useDevices } from '../api/get-devices';
import { useSubscribers } from '../api/get-subscribers';
import { ConsumerAccountSection } from './consumer-account-section';
import { DeviceForm } from './device-form';
import { ListFilter } from './list-filter';
import { SubscriberForm } from './subscriber-form';

/** A server-paged list with its search box, hide-associated filter, page and page size. */
function useListState(listName: string) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [hideAssociated, setHideAssociated] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useStoredPageSize(localPageSizeStore(listName), 10);
  return {
    search,
    setSearch: (value: string) => {
      setSearch(value);
      setPage(1);
    },
    debouncedSearch,
    hideAssociated,
    setHideAssociated: (value: boolean) => {
      setHideAssociated(value);
      setPage(1);
    },
    page,
    setPage,
    pageSize,
    setPageSize,
  };
}

/**
 * base.provisioning: subscribers and devices, each a form beside a table. Selecting a row puts
 * its form in Update mode (a selected subscriber also shows its My Network sign-in); with one of
 * each selected, Associate links them and opens the line.
 */
export function ProvisioningPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selectedSubscriber, setSelectedSubscriber] = useState<Subscriber | null>(null);
  const [selectedDevice, setSelectedDevice] = useState<DeviceLine | null>(null);
  const subscriberList = useListState('provisioning-subscribers');
  const deviceList = useListState('provisioning-devices');
  const subscribers = useSubscribers({
    subCodePattern: subscriberList.debouncedSearch,
    hideAssociated: subscriberList.hideAssociated,
    page: subscriberList.page,
    pageSize: subscriberList.pageSize,
  });
  const devices = useDevices({
    searchPattern: deviceList.debouncedSearch,
    hideAssociated: deviceList.hideAssociated,
    page: deviceList.page,
    pageSize: deviceList.pageSize,
  });
  const deleteSubscriber = useDeleteSubscriber();
  const deprovision = useDeprovisionDevice();
  const associate = useAssociateLine();

  const subscriberColumns: DataTableColumn<Subscriber>[] = [
    { key: 'name', header: t('PROVISIONING.NAME'), render: (subscriber) => subscriber.name },
    {
      key: 'code',
      header: t('PROVISIONING.SUBSCRIBER_CODE'),
      render: (subscriber) => subscriber.subscriberCode,
    },
    {
      key: 'lines',
      header: t('PROVISIONING.LINES_OF_SERVICE'),
      render: (subscriber) => subscriber.deviceLinesOfService.join(', '),
    },
    {
      key: 'options',
      header: t('PROVISIONING.OPTIONS'),
      render: (subscriber) => (
        <InlineConfirm
          label={t('PROVISIONING.DELETE')}
          isPending={
            deleteSubscriber.isPending && deleteSubscriber.variables === subscriber.subscriberCode
          }
          onConfirm={() => {
            if (selectedSubscriber?.subscriberCode === subscriber.subscriberCode)
              setSelectedSubscriber(null);
            deleteSubscriber.mutate(subscriber.subscriberCode);
          }}
        />
      ),
    },
  ];

  const deviceColumns: DataTableColumn<DeviceLine>[] = [
    {
      key: 'code',
      header: t('PROVISIONING.LINE_OF_SERVICE_CODE'),
      render: (line) => line.lineOfServiceCode,
    },
    { key: 'type', header: t('PROVISIONING.DEVICE_TYPE'), render: (line) => line.deviceType },
    { key: 'identifier', header: t('PROVISIONING.DEVICE_ID'), render: (line) => line.identifier },
    {
      key: 'subscriber',
      header: t('PROVISIONING.SUBSCRIBER_CODE'),
      render: (line) => line.subscriberCode,
    },
    {
      key: 'options',
      header: t('PROVISIONING.OPTIONS'),
      render: (line) => (
        <InlineConfirm
          label={t('PROVISIONING.DEPROVISION')}
          isPending={deprovision.isPending && deprovision.variables === line.lineOfServiceCode}
          onConfirm={() => {
            if (selectedDevice?.lineOfServiceCode === line.lineOfServiceCode)
              setSelectedDevice(null);
            deprovision.mutate(line.lineOfServiceCode);
          }}
        />
      ),
    },
  ];

  const associateSelected = async (): Promise<void> => {
    if (!selectedSubscriber || !selectedDevice) return;
    const line = await associate
      .mutateAsync({
        lineOfServiceCode: selectedDevice.lineOfServiceCode,
        subscriberCode: selectedSubscriber.subscriberCode,
      })
      .catch((error: unknown) => reportError('associating a device', error));
    if (line) await navigate(href('base.summary', { losCode: line.lineOfServiceCode }));
  };

  const failure = deleteSubscriber.error ?? deprovision.error ?? associate.error;
  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('NAV.PROVISIONING')}
        </Title>
        <Group gap="sm">
          {(!selectedSubscriber || !selectedDevice) && (
            <Text size="sm" c="dimmed">
              {t('PROVISIONING.ASSOCIATE_HINT')}
            </Text>
          )}
          <Button
            leftSection={<IconLink size={16} aria-hidden />}
            disabled={!selectedSubscriber || !selectedDevice}
            loading={associate.isPending}
            onClick={() => void associateSelected()}
          >
            {t('PROVISIONING.ASSOCIATE')}
          </Button>
        </Group>
      </Group>
      {failure && (
        <Alert color="red" role="alert" mb="md">
          {errorMessage(t, failure, 'PROVISIONING.SAVE_ERROR')}
        </Alert>
      )}
      <Stack gap="xl">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" radius="md">
              <SubscriberForm
                key={selectedSubscriber?.subscriberCode ?? 'new'}
                selected={selectedSubscriber}
                onReset={() => setSelectedSubscriber(null)}
              />
              {selectedSubscriber && (
                <>
                  <Divider my="md" />
                  <ConsumerAccountSection
                    key={selectedSubscriber.subscriberCode}
                    subscriber={selectedSubscriber}
                  />
                </>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Title order={2} size="h4" mb="xs">
              {t('PROVISIONING.SUBSCRIBERS')}
            </Title>
            <ListFilter
              search={subscriberList.search}
              onSearchChange={subscriberList.setSearch}
              searchLabel={t('PROVISIONING.SEARCH_SUBSCRIBERS')}
              clearLabel={t('PROVISIONING.CLEAR_SEARCH')}
              hideAssociated={subscriberList.hideAssociated}
              onHideAssociatedChange={subscriberList.setHideAssociated}
              hideAssociatedLabel={t('PROVISIONING.HIDE_ASSOCIATED')}
            />
            <DataTable
              caption={t('PROVISIONING.SUBSCRIBERS')}
              rows={subscribers.data?.subscribers}
              columns={subscriberColumns}
              rowKey={(subscriber) => subscriber.subscriberCode}
              isLoading={subscribers.isPending}
              error={
                subscribers.isError
                  ? errorMessage(t, subscribers.error, 'PROVISIONING.LOAD_ERROR')
                  : null
              }
              emptyText={t('PROVISIONING.NO_SUBSCRIBERS')}
              pageSize={subscriberList.pageSize}
              onPageSizeChange={subscriberList.setPageSize}
              selectedKey={selectedSubscriber?.subscriberCode ?? null}
              onRowClick={(subscriber) =>
                setSelectedSubscriber((current) =>
                  current?.subscriberCode === subscriber.subscriberCode ? null : subscriber,
                )
              }
              serverPaging={{
                total: subscribers.data?.total ?? 0,
                page: subscriberList.page,
                onPageChange: subscriberList.setPage,
              }}
            />
          </Grid.Col>
        </Grid>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" radius="md">
              <DeviceForm
                key={selectedDevice?.lineOfServiceCode ?? 'new'}
                selected={selectedDevice}
                onReset={() => setSelectedDevice(null)}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Title order={2} size="h4" mb="xs">
              {t('PROVISIONING.DEVICES')}
            </Title>
            <ListFilter
              search={deviceList.search}
              onSearchChange={deviceList.setSearch}
              searchLabel={t('PROVISIONING.SEARCH_DEVICES')}
              clearLabel={t('PROVISIONING.CLEAR_SEARCH')}
              hideAssociated={deviceList.hideAssociated}
              onHideAssociatedChange={deviceList.setHideAssociated}
              hideAssociatedLabel={t('PROVISIONING.HIDE_ASSOCIATED')}
            />
            <DataTable
              caption={t('PROVISIONING.DEVICES')}
              rows={devices.data?.devices}
              columns={deviceColumns}
              rowKey={(line) => line.lineOfServiceCode}
              isLoading={devices.isPending}
              error={
                devices.isError ? errorMessage(t, devices.error, 'PROVISIONING.LOAD_ERROR') : null
              }
              emptyText={t('PROVISIONING.NO_DEVICES')}
              pageSize={deviceList.pageSize}
              onPageSizeChange={deviceList.setPageSize}
              selectedKey={selectedDevice?.lineOfServiceCode ?? null}
              onRowClick={(line) =>
                setSelectedDevice((current) =>
                  current?.lineOfServiceCode === line.lineOfServiceCode ? null : line,
                )
              }
              serverPaging={{
                total: devices.data?.total ?? 0,
                page: deviceList.page,
                onPageChange: deviceList.setPage,
              }}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
