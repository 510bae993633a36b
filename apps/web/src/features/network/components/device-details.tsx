import {
  blockRefusal,
  type DeviceIcon as DeviceIconKind,
  deviceIcons,
  type LanDevice,
} from '@linesight/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../../components/charts/chart-format';
import { DeviceActionFeedback } from '../../../components/device-action/device-action-feedback';
import { errorMessage } from '../../../lib/translate-error';
import { useDeviceCapabilities } from '../../../lib/device-capabilities';
import { useLocalNetwork } from '../api/get-local-network';
import { useSupportInfo } from '../api/get-support-info';
import { usePutLocalNetwork } from '../api/put-local-network';
import { deviceDisplayName, hasPoorWifi } from '../lan-devices';
import { connectionTypeKeys } from './device-cards';
import { DeviceIcon } from './device-icon';
import { DeviceSignalChart } from './device-signal-chart';
import { useBlockAction } from './use-block-action';

function IconPicker({
  value,
  onChange,
}: {
  value: DeviceIconKind;
  onChange: (icon: DeviceIconKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('DEVICE.ICON')}>
      <Text size="sm" fw={500} mb={4}>
        {t('DEVICE.ICON')}
      </Text>
      <SimpleGrid cols={7} spacing={4}>
        {deviceIcons.map((kind) => (
          <Tooltip key={kind} label={t(`DEVICE.ICON_KINDS.${kind}`)}>
            <ActionIcon
              role="radio"
              aria-checked={kind === value}
              aria-label={t(`DEVICE.ICON_KINDS.${kind}`)}
              size="xl"
              variant={kind === value ? 'filled' : 'default'}
              onClick={() => onChange(kind)}
            >
              <DeviceIcon kind={kind} size={24} />
            </ActionIcon>
          </Tooltip>
        ))}
      </SimpleGrid>
    </div>
  );
}

function EditForm({
  losCode,
  device,
  onDone,
}: {
  losCode: string;
  device: LanDevice;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = usePutLocalNetwork(losCode);
  const [alias, setAlias] = useState(device.alias ?? '');
  const [icon, setIcon] = useState(device.iconImageType);
  const iconChanged = icon !== device.iconImageType;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            localNetwork: [
              {
                macAddress: device.macAddress,
                alias: alias.trim() === '' ? null : alias.trim(),
                // Left alone, a guessed icon stays a guess, so a renamed host is guessed again.
                icon: device.iconChosen || iconChanged ? icon : null,
              },
            ],
          },
          { onSuccess: onDone },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('DEVICE.ALIAS')}
          placeholder={device.name ?? device.macAddress}
          value={alias}
          maxLength={64}
          onChange={(event) => setAlias(event.currentTarget.value)}
        />
        <IconPicker value={icon} onChange={setIcon} />
        {save.error && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(t, save.error, 'DEVICE.SAVE_ERROR')}
          </Text>
        )}
        <Group gap="xs">
          <Button
            type="submit"
            size="xs"
            loading={save.isPending}
            leftSection={<IconCheck size={14} />}
          >
            {t('DEVICE.DONE')}
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            {t('DEVICE.CANCEL')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table fz="sm" verticalSpacing={4} data-testid="device-rows">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th fw={500} c="dimmed" w="40%">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PoorWifiAdvice() {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title={t('DEVICE.ADVICE_TITLE')}
      data-testid="wifi-advice"
    >
      <List size="sm" spacing={2}>
        <List.Item>{t('DEVICE.ADVICE_CLOSER')}</List.Item>
        <List.Item>{t('DEVICE.ADVICE_OBSTACLES')}</List.Item>
        <List.Item>{t('DEVICE.ADVICE_5GHZ')}</List.Item>
        <List.Item>{t('DEVICE.ADVICE_EXTENDER')}</List.Item>
        <List.Item>{t('DEVICE.ADVICE_RESTART')}</List.Item>
      </List>
    </Alert>
  );
}

function DeviceActions({ losCode, device }: { losCode: string; device: LanDevice }) {
  const { t } = useTranslation();
  const capabilities = useDeviceCapabilities(losCode);
  const supportInfo = useSupportInfo(losCode);
  const action = useBlockAction(losCode, device);

  if (capabilities.isPending || supportInfo.isPending) return <Loader size="sm" />;
  const refusal = capabilities.data
    ? blockRefusal(device, capabilities.data, supportInfo.data?.clientVersion ?? null)
    : 'DEVICE_ACTION.COMMANDS_NOT_SUPPORTED';

  return (
    <Stack gap="xs" data-testid="device-actions">
      <Title order={3} size="h5">
        {t('DEVICE_ACTIONS.TITLE')}
      </Title>
      <Switch
        label={t('DEVICE_ACTIONS.BLOCK')}
        description={refusal ? t(refusal) : t('DEVICE_ACTIONS.BLOCK_DESCRIPTION')}
        checked={action.blocked}
        disabled={refusal !== null || action.action.pending}
        onChange={(event) => action.toggle(event.currentTarget.checked)}
      />
      <DeviceActionFeedback action={action.action} successNote={t('DEVICE_ACTIONS.ACTION_DELAY')} />
    </Stack>
  );
}

function DetailsBody({ losCode, device }: { losCode: string; device: LanDevice }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const none = '—';
  // An online WiFi device's link as the gateway reports it: missing then is not reported.
  const unreported = device.online ? t('DEVICE.NOT_REPORTED') : none;
  const date = (ms: number | null): string =>
    ms === null ? none : formatDateTime(i18n.language, ms);
  const rate = (value: LanDevice['wifiTxRate']): string =>
    value
      ? `${new Intl.NumberFormat(i18n.language).format(value.value)} ${value.units}`
      : unreported;
  const addresses = (list: string[]): ReactNode =>
    list.length === 0 ? none : list.map((address) => <div key={address}>{address}</div>);
  const onWifi = device.connectionType === 'WiFi';

  const rows: [string, ReactNode][] = [
    [t('DEVICE.CONNECTION_TYPE'), t(connectionTypeKeys[device.connectionType])],
    ...(onWifi
      ? ([
          [
            t('DEVICE.WIFI_STANDARD'),
            device.wifiStandard ? `802.11${device.wifiStandard}` : unreported,
          ],
          [
            t('DEVICE.WIFI_NETWORK'),
            [device.wifiNetwork, device.wifiBand].filter(Boolean).join(' · ') || none,
          ],
          [t('DEVICE.WIFI_DOWNLOAD_RATE'), rate(device.wifiTxRate)],
          [t('DEVICE.WIFI_UPLOAD_RATE'), rate(device.wifiRxRate)],
        ] satisfies [string, ReactNode][])
      : []),
    [
      t('DEVICE.DATA_CONSUMPTION'),
      device.consumption
        ? t('DEVICE.CONSUMPTION_VALUE', {
            download: formatBytes(i18n.language, device.consumption.inBytes),
            upload: formatBytes(i18n.language, device.consumption.outBytes),
            since: date(device.consumption.startTime),
          })
        : t('DEVICE.NOT_REPORTED'),
    ],
    [t('DEVICE.FIRST_CONNECTED'), date(device.firstConnectedDate)],
    [t('DEVICE.LAST_ONLINE'), device.online ? t('DEVICE.ONLINE_NOW') : date(device.lastOnlineDate)],
    [t('DEVICE.MANUFACTURER'), device.manufacturer ?? none],
    [t('DEVICE.MAC_ADDRESS'), device.macAddress],
    [t('DEVICE.IPV4_ADDRESSES'), addresses(device.ipv4Addresses)],
    [t('DEVICE.IPV6_ADDRESSES'), addresses(device.ipv6Addresses)],
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <DeviceIcon kind={device.iconImageType} size={36} />
          <Title order={2} size="h4" data-testid="device-details-name">
            {deviceDisplayName(device)}
          </Title>
        </Group>
        {!editing && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(true)}
          >
            {t('DEVICE.EDIT')}
          </Button>
        )}
      </Group>
      {editing && <EditForm losCode={losCode} device={device} onDone={() => setEditing(false)} />}
      <Rows rows={rows} />
      {hasPoorWifi(device) && <PoorWifiAdvice />}
      {onWifi && (
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('DEVICE.SIGNAL_STRENGTH')}
          </Title>
          <DeviceSignalChart losCode={losCode} macAddress={device.macAddress} />
        </div>
      )}
      <DeviceActions losCode={losCode} device={device} />
    </Stack>
  );
}

/**
 * One LAN device (seed 001 section 2, Device details): its name and icon, which a user may
 * change, what the gateway reports of it, advice on poor WiFi, its signal over time, and the
 * block toggle. The bandwidth and WiFi detail pages show it beside their charts.
 */
export function DeviceDetails({ losCode, macAddress }: { losCode: string; macAddress: string }) {
  const { t } = useTranslation();
  const network = useLocalNetwork(losCode);
  const device = network.data?.devices.find(
    (candidate) => candidate.macAddress === macAddress.toLowerCase(),
  );
  return (
    <Card withBorder data-testid="device-details">
      {network.isPending ? (
        <Loader size="sm" />
      ) : network.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(t, network.error, 'DEVICE.LOAD_ERROR')}
        </Alert>
      ) : device ? (
        <DetailsBody key={device.macAddress} losCode={losCode} device={device} />
      ) : (
        <Text c="dimmed" size="sm">
          {t('LOCAL_NETWORK.DEVICE_NOT_FOUND')}
        </Text>
      )}
    </Card>
  );
}
