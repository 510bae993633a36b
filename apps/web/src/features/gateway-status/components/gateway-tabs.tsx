import {
  capabilityFlags,
  type ConnectionDetails,
  type PhysicalStatus,
  wanClassOf,
} from '@linesight/contract';
import { Alert, Badge, Loader, Paper, Table, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatChartValue,
  formatDateTime,
  megabyteUnit,
} from '../../../components/charts/chart-format';
import { useDeviceCapabilities } from '../../../lib/device-capabilities';
import { useSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/translate-error';
import type { TranslationKey } from '../../../lib/translation-key';
import type { PhysicalStatusAnswer } from '../api/get-physical-status';
import { formatDuration } from '../../../lib/duration';
import { latestFigures } from '../physical-series';

const none = '–';

/**
 * The tabs under the chart (seed 001 section 2): the gateway's latest figures, its connection
 * details, and for admins only (seed 001 section 6) the capabilities its agent has shown.
 */
export function GatewayTabs({
  losCode,
  answer,
}: {
  losCode: string;
  answer: PhysicalStatusAnswer;
}) {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const gateway = answer.data?.gateway;
  const content = (render: () => ReactNode): ReactNode =>
    answer.isPending ? (
      <Loader size="sm" aria-label={t('CHART.LOADING')} />
    ) : answer.isError ? (
      <Text c="red">{t('HIGHCHARTS_LANG.MISC.ERROR_LOADING_DATA')}</Text>
    ) : gateway ? (
      render()
    ) : (
      <Text c="dimmed">{t('HIGHCHARTS_LANG.MISC.NO_DATA')}</Text>
    );

  return (
    <Paper withBorder p="md" radius="md">
      <Tabs defaultValue="physical" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="physical">{t('GATEWAY_STATUS.TABS.PHYSICAL_STATUS')}</Tabs.Tab>
          <Tabs.Tab value="connection">{t('GATEWAY_STATUS.TABS.CONNECTION_DETAILS')}</Tabs.Tab>
          {isAdmin && (
            <Tabs.Tab value="capabilities">{t('GATEWAY_STATUS.TABS.CLIENT_CAPABILITIES')}</Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="physical" pt="md">
          {content(() =>
            gateway ? (
              <PhysicalStatusRows status={gateway.physicalStatus} details={gateway.details} />
            ) : null,
          )}
        </Tabs.Panel>
        <Tabs.Panel value="connection" pt="md">
          {content(() => (gateway ? <ConnectionRows details={gateway.details} /> : null))}
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="capabilities" pt="md">
            <CapabilityRows losCode={losCode} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Paper>
  );
}

/** Label and value rows; `testId` lets a test find one table among the tabs. */
function DetailRows({
  rows,
  testId,
}: {
  rows: readonly [label: string, value: ReactNode][];
  testId: string;
}) {
  return (
    <Table fz="sm" verticalSpacing={4} data-testid={testId} maw={640}>
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

function PhysicalStatusRows({
  status,
  details,
}: {
  status: PhysicalStatus;
  details: ConnectionDetails;
}) {
  const { t, i18n } = useTranslation();
  const latest = latestFigures(status);
  const number = (value: number | null, unit: string): string =>
    value === null ? none : `${formatChartValue(i18n.language, value)} ${unit}`;
  const megabytes = megabyteUnit(i18n.language);
  const usedRam =
    latest.usedRamMb === null
      ? none
      : `${number(latest.usedRamMb, megabytes)} (${number(latest.usedRamPercent, '%')})`;
  return (
    <DetailRows
      testId="physical-status-rows"
      rows={[
        [t('GATEWAY_STATUS.TOTAL_RAM'), number(latest.totalRamMb, megabytes)],
        [t('GATEWAY_STATUS.USED_RAM'), usedRam],
        [t('GATEWAY_STATUS.FREE_RAM'), number(latest.freeRamMb, megabytes)],
        [t('GATEWAY_STATUS.CPU_LOAD'), number(latest.cpuLoad, '%')],
        [
          t('GATEWAY_STATUS.TEMPERATURE'),
          latest.temperature === null
            ? t('GATEWAY_STATUS.TEMPERATURE_NOT_AVAILABLE')
            : `${number(latest.temperature.celsius, '°C')} / ${number(latest.temperature.fahrenheit, '°F')}`,
        ],
        [
          // An offline gateway's uptime stopped counting at its last report.
          t(details.online ? 'GATEWAY_STATUS.UPTIME' : 'GATEWAY_STATUS.UPTIME_AT_LAST_REPORT'),
          latest.secondsSinceLastReboot === null
            ? none
            : formatDuration(i18n.language, latest.secondsSinceLastReboot),
        ],
        [
          t('GATEWAY_STATUS.LAST_REPORT'),
          formatDateTime(i18n.language, details.mostRecentReportTime),
        ],
      ]}
    />
  );
}

const wanClassKeys = {
  dsl: 'GATEWAY_STATUS.WAN_CLASSES.dsl',
  docsis: 'GATEWAY_STATUS.WAN_CLASSES.docsis',
  other: 'GATEWAY_STATUS.WAN_CLASSES.other',
} as const satisfies Record<ReturnType<typeof wanClassOf>, TranslationKey>;

function ConnectionRows({ details }: { details: ConnectionDetails }) {
  const { t, i18n } = useTranslation();
  const text = (value: string | null): string => value ?? none;
  const seconds = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'long',
  });
  return (
    <DetailRows
      testId="connection-rows"
      rows={[
        [
          t('GATEWAY_STATUS.CONNECTION'),
          <Badge key="online" color={details.online ? 'green' : 'red'} variant="light">
            {t(details.online ? 'GATEWAY_STATUS.ONLINE' : 'GATEWAY_STATUS.OFFLINE')}
          </Badge>,
        ],
        [
          t('GATEWAY_STATUS.LAST_REPORT'),
          formatDateTime(i18n.language, details.mostRecentReportTime),
        ],
        [t('GATEWAY_STATUS.REPORTING_INTERVAL'), seconds.format(details.reportingIntervalSeconds)],
        [
          t('GATEWAY_STATUS.WAN_TYPE'),
          details.wanType === null
            ? none
            : `${t(wanClassKeys[wanClassOf(details.wanType)])} (${details.wanType})`,
        ],
        [t('SUPPORT_INFO.WAN_IP'), text(details.wanIp)],
        [t('GATEWAY_STATUS.MAC_ADDRESS'), text(details.macAddress)],
        [t('GATEWAY_STATUS.MANUFACTURER'), text(details.manufacturer)],
        [t('GATEWAY_STATUS.MODEL'), text(details.modelName)],
        [t('GATEWAY_STATUS.SERIAL_NUMBER'), text(details.serialNumber)],
        [t('SUPPORT_INFO.FIRMWARE_VERSION'), text(details.firmwareVersion)],
        [t('SUPPORT_INFO.CLIENT_VERSION'), text(details.clientVersion)],
        [t('SUPPORT_INFO.BUILD_IDENTIFIER'), text(details.buildIdentifier)],
      ]}
    />
  );
}

/** GET /api/deviceCapabilities: every flag of seed 001 section 3, in its order. */
function CapabilityRows({ losCode }: { losCode: string }) {
  const { t } = useTranslation();
  const capabilities = useDeviceCapabilities(losCode);
  if (capabilities.isPending) return <Loader size="sm" aria-label={t('CHART.LOADING')} />;
  if (capabilities.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(t, capabilities.error, 'HIGHCHARTS_LANG.MISC.ERROR_LOADING_DATA')}
      </Alert>
    );
  return (
    <DetailRows
      testId="capability-rows"
      rows={capabilityFlags.map((flag) => [
        flag,
        <Badge key={flag} color={capabilities.data[flag] ? 'green' : 'gray'} variant="light">
          {t(capabilities.data[flag] ? 'GATEWAY_STATUS.SUPPORTED' : 'GATEWAY_STATUS.NOT_SUPPORTED')}
        </Badge>,
      ])}
    />
  );
}
