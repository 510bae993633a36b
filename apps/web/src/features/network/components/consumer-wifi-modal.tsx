import type { LanDevice } from '@linesight/contract';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconWifi } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceDisplayName, hasPoorWifi } from '../lan-devices';
import { ConsumerSignalChart } from './consumer-signal-chart';

/**
 * The consumer's WiFi signal: a button opening the signal chart, with an alert naming the
 * devices on poor WiFi (seed 001 section 2).
 */
export function ConsumerWifiModal({
  losCode,
  devices,
}: {
  losCode: string;
  devices: readonly LanDevice[];
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const poor = devices.filter(hasPoorWifi);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconWifi size={16} aria-hidden />}
        rightSection={poor.length > 0 ? <IconAlertTriangle size={16} aria-hidden /> : undefined}
        color={poor.length > 0 ? 'yellow' : undefined}
        onClick={() => setOpened(true)}
      >
        {t('SUMMARY.WIFI_SIGNAL')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('SUMMARY.WIFI_SIGNAL')}
        size="xl"
      >
        <Stack>
          {poor.length > 0 ? (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="wifi-alert">
              <Text size="sm">{t('SUMMARY.WIFI_ALERT', { count: poor.length })}</Text>
              <Text size="sm" fw={500}>
                {poor.map(deviceDisplayName).join(', ')}
              </Text>
              <Text size="sm" mt="xs">
                {t('DEVICE.ADVICE_SUMMARY')}
              </Text>
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {t('SUMMARY.WIFI_GOOD')}
            </Text>
          )}
          <ConsumerSignalChart losCode={losCode} />
        </Stack>
      </Modal>
    </>
  );
}
