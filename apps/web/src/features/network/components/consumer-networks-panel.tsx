import type { WifiSettings } from '@linesight/contract';
import { Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The gateway's enabled networks for its consumer: SSID, band, channel (0 is Auto), security. */
export function ConsumerNetworksPanel({ settings }: { settings: WifiSettings | null }) {
  const { t } = useTranslation();
  const rows = (settings?.wifiRadios ?? []).flatMap((radio) =>
    radio.wifiNetworks
      .filter((network) => network.ssidEnabled)
      .map((network) => ({ radio, network })),
  );
  return (
    <Card withBorder data-testid="consumer-networks">
      <Title order={2} size="h5" mb="xs">
        {t('SUMMARY.MY_NETWORKS')}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('SUMMARY.NO_NETWORKS')}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('SUMMARY.SSID')}</Table.Th>
              <Table.Th>{t('SUMMARY.BAND')}</Table.Th>
              <Table.Th>{t('SUMMARY.CHANNEL')}</Table.Th>
              <Table.Th>{t('SUMMARY.SECURITY')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ radio, network }) => (
              <Table.Tr key={network.referenceId}>
                <Table.Td>{network.ssid ?? ''}</Table.Td>
                <Table.Td>{radio.freqBand ?? ''}</Table.Td>
                <Table.Td>{radio.channel === 0 ? t('SUMMARY.AUTO') : radio.channel}</Table.Td>
                <Table.Td>{network.security ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
