import type { Gateway } from '@linesight/contract';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/charts/chart-format';
import type { DeviceCounts } from '../lan-devices';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Group>
  );
}

/**
 * Internet, gateway and device counts. Staff see the counts by connection type, a consumer one
 * combined count (seed 001 section 2).
 */
export function NetworkStatusPanel({
  gateway,
  wanConnected,
  counts,
  consumer,
}: {
  gateway: Gateway;
  wanConnected: boolean;
  counts: DeviceCounts;
  consumer: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder data-testid="network-status">
      <Title order={2} size="h5" mb="xs">
        {t('SUMMARY.NETWORK_STATUS')}
      </Title>
      <Stack gap={6}>
        <Row label={t('SUMMARY.INTERNET')}>
          <Badge color={wanConnected ? 'green' : 'red'} variant="light">
            {t(wanConnected ? 'SUMMARY.CONNECTED' : 'SUMMARY.DISCONNECTED')}
          </Badge>
        </Row>
        <Row label={t('SUMMARY.GATEWAY')}>
          <Badge
            color={gateway.online ? 'green' : 'gray'}
            variant="light"
            data-testid="gateway-state"
          >
            {t(gateway.online ? 'DEVICE.ONLINE' : 'DEVICE.OFFLINE')}
          </Badge>
        </Row>
        <Row label={t('SUMMARY.LAST_REPORT')}>
          {formatDateTime(i18n.language, gateway.mostRecentReportTime)}
        </Row>
        {consumer ? (
          <Row label={t('SUMMARY.CONNECTED_DEVICES')}>
            <span data-testid="count-total">{counts.total}</span>
          </Row>
        ) : (
          <>
            <Row label={t('SUMMARY.WIRELESS_DEVICES')}>
              <span data-testid="count-wifi">{counts.wifi}</span>
            </Row>
            <Row label={t('SUMMARY.ETHERNET_DEVICES')}>
              <span data-testid="count-ethernet">{counts.ethernet}</span>
            </Row>
            {counts.usb > 0 && (
              <Row label={t('SUMMARY.USB_DEVICES')}>
                <span data-testid="count-usb">{counts.usb}</span>
              </Row>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
