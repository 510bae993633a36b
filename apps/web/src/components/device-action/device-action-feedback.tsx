import { Alert, Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { errorMessage } from '../../lib/translate-error';
import type { DeviceAction } from './use-device-action';

/** Warns before leaving the page, in the app and out of it, while a command waits. */
function useLeaveWarning(active: boolean): ReturnType<typeof useBlocker> {
  const blocker = useBlocker(active);
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent): void => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
  return blocker;
}

/**
 * What a device action shows under its control (seed 001 section 8): the pending line while the
 * gateway has not answered, then 'Command successful.' with `successNote` (when the change will
 * show), or in error style the NAK's own message, 'Device did not respond to command.' or the
 * request's error; and the warning before leaving while it waits.
 */
export function DeviceActionFeedback({
  action,
  successNote,
}: {
  action: DeviceAction;
  successNote: string;
}) {
  const { t } = useTranslation();
  const blocker = useLeaveWarning(action.pending);
  const { outcome } = action;

  return (
    <>
      {action.pending && (
        <Group gap="xs" data-testid="action-pending">
          <Loader size="xs" />
          <Text size="sm">{t('DEVICE_ACTIONS.PENDING')}</Text>
        </Group>
      )}
      {outcome?.kind === 'success' && (
        <Alert color="green" p="xs" data-testid="action-result">
          <Text size="sm">{t('SITE_SURVEY.COMMAND_SUCCESSFUL')}</Text>
          <Text size="xs" c="dimmed">
            {successNote}
          </Text>
        </Alert>
      )}
      {outcome && outcome.kind !== 'success' && outcome.kind !== 'waiting' && (
        <Alert color="red" p="xs" role="alert" data-testid="action-result">
          {/* A NAK's text may be a CWMP fault naming a long parameter path (no spaces to break). */}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {outcome.kind === 'refused'
              ? outcome.message
              : outcome.kind === 'no-response'
                ? t('SITE_SURVEY.DEVICE_NO_RESPONSE')
                : errorMessage(t, outcome.error, 'SITE_SURVEY.UNKNOWN_ERROR')}
          </Text>
        </Alert>
      )}
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('DEVICE_ACTIONS.LEAVE_TITLE')}
      >
        <Text size="sm" mb="md">
          {t('DEVICE_ACTIONS.LEAVE_WARNING')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t('DEVICE_ACTIONS.STAY')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('DEVICE_ACTIONS.LEAVE')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
