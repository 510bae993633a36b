import type { DeviceLine } from '@linesight/contract';
import {
  Alert,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CorrectiveActionsPanel } from '../../../components/corrective-actions/corrective-actions-panel';
import { SelectedLinePanel } from '../../../components/layout/selected-line-panel';
import { Field } from '../../../components/ui/field';
import { SupportChatButton } from '../../../components/ui/support-chat-button';
import { href } from '../../../lib/routes';
import { useSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/translate-error';
import { useGateway } from '../api/get-gateway';
import { useLocalNetwork } from '../api/get-local-network';
import { isUnknownLine, useSubscriberDevice } from '../../../lib/subscriber-device';
import { useWifiSettings } from '../../../lib/wifi-settings';
import { connectionState, onlineDeviceCounts } from '../lan-devices';
import { useSummaryRefetchInterval } from '../refresh';
import { ConnectionDiagram } from './connection-diagram';
import { ConsumerNetworksPanel } from './consumer-networks-panel';
import { ConsumerWifiModal } from './consumer-wifi-modal';
import { DeviceCards } from './device-cards';
import { LocationPanel } from './location-panel';
import { NetworkStatusPanel } from './network-status-panel';

function LineHeader({ line }: { line: DeviceLine }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={1} size="h2" data-testid="subscriber-name">
        {line.subscriberName ?? line.lineOfServiceCode}
      </Title>
      <Group gap="xl" wrap="wrap">
        <Field label={t('SUMMARY.SUBSCRIBER_CODE')}>{line.subscriberCode ?? '—'}</Field>
        <Field label={t('SUMMARY.DEVICE_TYPE')}>{line.deviceType ?? '—'}</Field>
        <Field label={t('SUMMARY.DEVICE_IDENTIFIER')}>{line.identifier ?? '—'}</Field>
      </Group>
    </Stack>
  );
}

function BandwidthPanel({ losCode }: { losCode: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="xs">
        {t('SUMMARY.BANDWIDTH')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('SUMMARY.BANDWIDTH_TEXT')}
      </Text>
      <Button
        component={Link}
        to={href('base.bandwidth.devices', { losCode })}
        size="xs"
        variant="light"
        leftSection={<IconChartBar size={14} aria-hidden />}
      >
        {t('SUMMARY.VIEW_BANDWIDTH')}
      </Button>
    </Card>
  );
}

/** The line's home network once its line is known: diagram, panels and device cards. */
function HomeNetwork({ line, consumer }: { line: DeviceLine; consumer: boolean }) {
  const { t } = useTranslation();
  const losCode = line.lineOfServiceCode;
  const refetchInterval = useSummaryRefetchInterval();
  const gateway = useGateway(losCode, { refetchInterval });
  const network = useLocalNetwork(losCode, { refetchInterval });
  const wifiSettings = useWifiSettings(losCode, { refetchInterval, enabled: consumer });

  const staffPanels = !consumer && (
    <Stack>
      <CorrectiveActionsPanel losCode={losCode} />
      <BandwidthPanel losCode={losCode} />
      <SelectedLinePanel line={line} />
      <LocationPanel losCode={losCode} />
    </Stack>
  );

  if (gateway.isPending || network.isPending) return <Loader />;
  if (gateway.isError || network.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(t, gateway.error ?? network.error, 'SUMMARY.LOAD_ERROR')}
      </Alert>
    );
  }
  if (gateway.data === null) {
    return (
      <Stack>
        <Alert color="blue" data-testid="never-reported">
          {t('SUMMARY.NEVER_REPORTED')}
        </Alert>
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>{staffPanels}</Grid.Col>
        </Grid>
      </Stack>
    );
  }

  const devices = network.data?.devices ?? [];
  const { wanConnected, lanConnected } = connectionState(gateway.data, devices);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack>
          <Card withBorder>
            <ConnectionDiagram
              wanConnected={wanConnected}
              lanConnected={lanConnected}
              externalUrl={line.externalURL}
            />
          </Card>
          <DeviceCards losCode={losCode} devices={devices} consumer={consumer} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack>
          <NetworkStatusPanel
            gateway={gateway.data}
            wanConnected={wanConnected}
            counts={onlineDeviceCounts(devices)}
            consumer={consumer}
          />
          {consumer && (
            <>
              <Group gap="xs">
                <ConsumerWifiModal losCode={losCode} devices={devices} />
              </Group>
              <ConsumerNetworksPanel settings={wifiSettings.data ?? null} />
            </>
          )}
          {staffPanels}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * base.summary (seed 001 section 2): who the line belongs to, how its gateway and home network
 * are doing, and its devices. A consumer sees the reduced My Network view.
 */
export function SummaryPage() {
  const { t } = useTranslation();
  const { losCode = '' } = useParams();
  const { isConsumer } = useSession();
  const line = useSubscriberDevice(losCode);

  return (
    <Container size="xl" py="lg">
      {line.isPending ? (
        <Loader />
      ) : line.isError ? (
        <Alert
          color={isUnknownLine(line.error) ? 'yellow' : 'red'}
          role="alert"
          data-testid="line-error"
        >
          {isUnknownLine(line.error)
            ? t('SUMMARY.UNKNOWN_LINE', { losCode })
            : errorMessage(t, line.error, 'SUMMARY.LOAD_ERROR')}
        </Alert>
      ) : (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <LineHeader line={line.data} />
            <SupportChatButton />
          </Group>
          <HomeNetwork line={line.data} consumer={isConsumer} />
        </Stack>
      )}
    </Container>
  );
}
