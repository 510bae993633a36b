import { type DeviceLine, maxFieldLength, type ReportingUrlResponse } from '@linesight/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError } from '../../../lib/passphrase-form';
import { reportError } from '../../../lib/report-error';
import { errorMessage } from '../../../lib/translate-error';
import { getReportingUrl, useReportingUrl } from '../api/get-reporting-url';
import { useProvisionDevice } from '../api/provision-device';
import { sharedAcsAccess } from '../gateway-urls';

const deviceFormSchema = z.object({
  lineOfServiceCode: z
    .string()
    .trim()
    .min(1, 'PROVISIONING.LINE_OF_SERVICE_CODE_REQUIRED')
    .max(maxFieldLength, 'PROVISIONING.TOO_LONG'),
});

/** A read-only URL to configure on a gateway, with a copy button. */
function GatewayUrlBox({ label, url }: { label: string; url: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      value={url}
      readOnly
      rightSection={
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Tooltip label={t(copied ? 'PROVISIONING.COPIED' : 'PROVISIONING.COPY')}>
              <ActionIcon variant="subtle" onClick={copy} aria-label={t('PROVISIONING.COPY')}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/**
 * The line's two URLs, a gateway using one of them (docs/decisions/023-tr069-acs.md): the
 * reporting ("phan") URL for Bulk Data, the ACS URL for TR-069, and how a TR-069 gateway that
 * takes one ACS URL with credentials reaches the same line.
 */
function GatewayUrls({ urls }: { urls: ReportingUrlResponse }) {
  const { t } = useTranslation();
  const shared = sharedAcsAccess(urls);
  const credentials: [label: string, value: string][] = [
    [t('PROVISIONING.SHARED_ACS_URL'), shared.url],
    [t('PROVISIONING.ACS_USERNAME'), shared.username],
    [t('PROVISIONING.ACS_PASSWORD'), shared.password],
  ];
  return (
    <Stack gap="xs">
      <GatewayUrlBox label={t('PROVISIONING.REPORTING_URL')} url={urls.reportingUrl} />
      <GatewayUrlBox label={t('PROVISIONING.ACS_URL')} url={urls.acsUrl} />
      <Text size="sm" c="dimmed">
        {t('PROVISIONING.GATEWAY_URLS_HELP')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('PROVISIONING.SHARED_ACS_URL_HELP')}
      </Text>
      <Table fz="sm" verticalSpacing={2} withRowBorders={false} data-testid="shared-acs-access">
        <Table.Tbody>
          {credentials.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th fw={500} c="dimmed" w="35%">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Code>{value}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * Provision a line of service, or, with one selected in the table, re-provision it: a new
 * reporting URL (and ACS URL) replaces the old one. Leaving the field warns when the code is already in use.
 */
export function DeviceForm({
  selected,
  onReset,
}: {
  selected: DeviceLine | null;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const provision = useProvisionDevice();
  const [codeInUse, setCodeInUse] = useState(false);
  const [provisionedCode, setProvisionedCode] = useState<string | null>(null);
  const shownCode = selected?.lineOfServiceCode ?? provisionedCode;
  const reportingUrl = useReportingUrl(shownCode);
  const form = useForm({
    resolver: zodResolver(deviceFormSchema),
    mode: 'onChange',
    defaultValues: { lineOfServiceCode: selected?.lineOfServiceCode ?? '' },
  });

  const checkInUse = async (): Promise<void> => {
    const code = form.getValues('lineOfServiceCode').trim();
    if (selected || !code) return setCodeInUse(false);
    setCodeInUse(
      await getReportingUrl(code).then(
        () => true,
        () => false,
      ),
    );
  };

  const onSubmit = form.handleSubmit(async ({ lineOfServiceCode }) => {
    const answer = await provision
      .mutateAsync({ lineOfServiceCode, createOnly: !selected })
      .catch((error: unknown) => {
        reportError(selected ? 're-provisioning a device' : 'provisioning a device', error);
        return undefined;
      });
    if (answer) setProvisionedCode(answer.lineOfServiceCode);
  });

  const clear = (): void => {
    form.reset({ lineOfServiceCode: '' });
    setCodeInUse(false);
    setProvisionedCode(null);
    provision.reset();
    onReset();
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('PROVISIONING.DEVICE_FORM')}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(selected ? 'PROVISIONING.REPROVISION_DEVICE' : 'PROVISIONING.PROVISION_DEVICE')}
        </Title>
        {provision.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, provision.error, 'PROVISIONING.SAVE_ERROR')}
          </Alert>
        )}
        <TextInput
          label={t('PROVISIONING.LINE_OF_SERVICE_CODE')}
          maxLength={maxFieldLength}
          readOnly={selected !== null}
          error={fieldError(t, form.formState.errors.lineOfServiceCode?.message)}
          {...form.register('lineOfServiceCode', {
            onBlur: () => void checkInUse(),
            onChange: () => setCodeInUse(false),
          })}
        />
        {codeInUse && (
          <Text size="sm" c="orange" role="status">
            {t('PROVISIONING.LINE_OF_SERVICE_CODE_IN_USE')}
          </Text>
        )}
        {shownCode && reportingUrl.data && <GatewayUrls urls={reportingUrl.data} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={clear}>
            {t('PROVISIONING.CLEAR_FORM')}
          </Button>
          <Button type="submit" disabled={!form.formState.isValid} loading={provision.isPending}>
            {t(selected ? 'PROVISIONING.UPDATE' : 'PROVISIONING.CREATE')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
