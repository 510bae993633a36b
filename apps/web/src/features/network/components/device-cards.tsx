import type { LanDevice } from '@linesight/contract';
import {
  Badge,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../lib/routes';
import {
  type DeviceFilter,
  deviceDisplayName,
  deviceFilters,
  filterDevices,
  hasPoorWifi,
  signalNotReported,
} from '../lan-devices';
import { ConnectionTypeIcon, DeviceIcon, SignalBars } from './device-icon';

const filterLabelKeys = {
  all: 'SUMMARY.FILTER_ALL',
  online: 'SUMMARY.FILTER_ONLINE',
  offline: 'SUMMARY.FILTER_OFFLINE',
  blocked: 'SUMMARY.FILTER_BLOCKED',
  'strong-wifi': 'SUMMARY.FILTER_STRONG_WIFI',
  'weak-wifi': 'SUMMARY.FILTER_WEAK_WIFI',
  'high-bw': 'SUMMARY.FILTER_HIGH_BW',
  'low-bw': 'SUMMARY.FILTER_LOW_BW',
} as const satisfies Record<DeviceFilter, string>;

export const connectionTypeKeys = {
  WiFi: 'DEVICE.CONNECTION_WIFI',
  Ethernet: 'DEVICE.CONNECTION_ETHERNET',
  USB: 'DEVICE.CONNECTION_USB',
  'Not reported': 'DEVICE.NOT_REPORTED',
} as const satisfies Record<LanDevice['connectionType'], string>;

function DeviceCard({ losCode, device }: { losCode: string; device: LanDevice }) {
  const { t } = useTranslation();
  const name = deviceDisplayName(device);
  const poorWifi = hasPoorWifi(device);
  return (
    <Card
      withBorder
      padding="sm"
      component={Link}
      to={href('base.bandwidth.detail', { losCode, deviceMac: device.macAddress })}
      data-testid="device-card"
      data-mac={device.macAddress}
      aria-label={name}
      style={{ opacity: device.online ? 1 : 0.65 }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <DeviceIcon kind={device.iconImageType} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate="end" data-testid="device-name">
            {name}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge size="xs" color={device.online ? 'green' : 'gray'} variant="light">
              {t(device.online ? 'DEVICE.ONLINE' : 'DEVICE.OFFLINE')}
            </Badge>
            <ConnectionTypeIcon
              type={device.connectionType}
              label={t(connectionTypeKeys[device.connectionType])}
            />
            {device.wifiBand && (
              <Text size="xs" c="dimmed">
                {device.wifiBand}
              </Text>
            )}
            {device.wifiSignal !== null && (
              <SignalBars
                bars={device.wifiSignal}
                label={t('DEVICE.SIGNAL_BARS', { bars: device.wifiSignal })}
              />
            )}
            {signalNotReported(device) && (
              <Text size="xs" c="dimmed" data-testid="signal-not-reported">
                {t('DEVICE.SIGNAL_NOT_REPORTED')}
              </Text>
            )}
            {device.blocked && (
              <Tooltip label={t('DEVICE.BLOCKED')}>
                <IconBan
                  size={16}
                  color="var(--mantine-color-red-filled)"
                  role="img"
                  aria-label={t('DEVICE.BLOCKED')}
                />
              </Tooltip>
            )}
            {poorWifi && (
              <Tooltip label={t('DEVICE.POOR_WIFI')}>
                <IconAlertTriangle
                  size={16}
                  color="var(--mantine-color-yellow-filled)"
                  role="img"
                  aria-label={t('DEVICE.POOR_WIFI')}
                />
              </Tooltip>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The line's devices as cards, online first. Staff filter them; a consumer sees them all under
 * a "My Devices" heading (seed 001 section 2).
 */
export function DeviceCards({
  losCode,
  devices,
  consumer,
}: {
  losCode: string;
  devices: readonly LanDevice[];
  consumer: boolean;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DeviceFilter>('all');
  const shown = filterDevices(devices, consumer ? 'all' : filter);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {t(consumer ? 'SUMMARY.MY_DEVICES' : 'SUMMARY.DEVICES')}
        </Title>
        {!consumer && (
          <SegmentedControl
            size="xs"
            aria-label={t('SUMMARY.FILTER')}
            value={filter}
            onChange={(value) => setFilter(value)}
            data={deviceFilters.map((value) => ({ value, label: t(filterLabelKeys[value]) }))}
          />
        )}
      </Group>
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t(devices.length === 0 ? 'SUMMARY.NO_DEVICES' : 'SUMMARY.NO_DEVICES_FOR_FILTER')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
          {shown.map((device) => (
            <DeviceCard key={device.macAddress} losCode={losCode} device={device} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
