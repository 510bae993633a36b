import { Button, Loader, Popover, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/translate-error';
import { useSupportInfo } from '../api/get-support-info';

/**
 * The footer's support information for a network or gateway page (seed 001 section 2): what
 * support asks a caller for. Loaded when opened.
 */
export function SupportInfoPopover({ losCode }: { losCode: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const info = useSupportInfo(losCode, opened);
  const none = '—';
  return (
    // Kept shown when the footer leaves the view: the page above it grows as its panels load
    // (the map, the device cards), and the information should not vanish while being read.
    <Popover
      opened={opened}
      onChange={setOpened}
      withArrow
      shadow="md"
      position="top"
      hideDetached={false}
    >
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconInfoCircle size={14} aria-hidden />}
          onClick={() => setOpened((open) => !open)}
        >
          {t('SUPPORT_INFO.BUTTON')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="support-info">
        {info.isPending ? (
          <Loader size="xs" />
        ) : info.isError ? (
          <Text size="sm" c="red">
            {errorMessage(t, info.error, 'SUPPORT_INFO.LOAD_ERROR')}
          </Text>
        ) : info.data === null ? (
          <Text size="sm">{t('SUPPORT_INFO.EMPTY')}</Text>
        ) : (
          <Table fz="sm" verticalSpacing={2} withRowBorders={false}>
            <Table.Tbody>
              {(
                [
                  ['SUPPORT_INFO.CLIENT_ID', info.data.clientId],
                  ['SUPPORT_INFO.WAN_IP', info.data.wanIp],
                  ['SUPPORT_INFO.BUILD_IDENTIFIER', info.data.buildIdentifier],
                  ['SUPPORT_INFO.CLIENT_VERSION', info.data.clientVersion],
                  ['SUPPORT_INFO.FIRMWARE_VERSION', info.data.firmwareVersion],
                ] as const
              ).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th fw={500} c="dimmed" pr="md">
                    {t(key)}
                  </Table.Th>
                  <Table.Td>{value ?? none}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
