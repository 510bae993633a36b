import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDevices, IconExternalLink, IconRouter, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Node({ icon, label, children }: { icon: ReactNode; label: string; children?: ReactNode }) {
  return (
    // Narrow enough for a phone: a long label wraps under its icon.
    <Stack gap={2} align="center" style={{ minWidth: 64 }}>
      {icon}
      <Text size="sm" fw={600} ta="center">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function Link({ connected, label }: { connected: boolean; label: string }) {
  return (
    <Stack gap={2} align="center" style={{ flex: 1, minWidth: 40 }}>
      <div
        role="img"
        aria-label={label}
        data-connected={connected}
        style={{
          height: 4,
          width: '100%',
          borderRadius: 2,
          background: connected
            ? 'var(--mantine-color-green-filled)'
            : 'repeating-linear-gradient(90deg, var(--mantine-color-red-filled) 0 8px, transparent 8px 14px)',
        }}
      />
      <Text size="xs" c={connected ? 'green' : 'red'}>
        {label}
      </Text>
    </Stack>
  );
}

/**
 * Internet — gateway — home network, each link drawn connected or not (seed 001 section 4), with
 * the line's external configuration page when it has one.
 */
export function ConnectionDiagram({
  wanConnected,
  lanConnected,
  externalUrl,
}: {
  wanConnected: boolean;
  lanConnected: boolean;
  externalUrl: string | null;
}) {
  const { t } = useTranslation();
  const state = (connected: boolean): string =>
    t(connected ? 'SUMMARY.CONNECTED' : 'SUMMARY.DISCONNECTED');
  return (
    <Group wrap="nowrap" gap={4} data-testid="connection-diagram" align="flex-start">
      <Node icon={<IconWorld size={36} stroke={1.5} aria-hidden />} label={t('SUMMARY.INTERNET')} />
      <Link connected={wanConnected} label={state(wanConnected)} />
      <Node icon={<IconRouter size={36} stroke={1.5} aria-hidden />} label={t('SUMMARY.GATEWAY')}>
        {externalUrl && (
          <Anchor href={externalUrl} target="_blank" rel="noopener noreferrer" size="xs" inline>
            {t('SUMMARY.CONFIGURE')} <IconExternalLink size={12} aria-hidden />
          </Anchor>
        )}
      </Node>
      <Link connected={lanConnected} label={state(lanConnected)} />
      <Node
        icon={<IconDevices size={36} stroke={1.5} aria-hidden />}
        label={t('SUMMARY.HOME_NETWORK')}
      />
    </Group>
  );
}
