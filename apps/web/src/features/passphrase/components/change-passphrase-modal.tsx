import { passphraseMaxLength } from '@linesight/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { addNewPassphraseIssues, fieldError } from '../../../lib/passphrase-form';
import { reportError } from '../../../lib/report-error';
import { startSession, useSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/translate-error';
import { useChangePassphrase } from '../api/change-passphrase';

interface ChangePassphraseForm {
  currentPassphrase: string;
  newPassphrase: string;
  confirmPassphrase: string;
}

const emptyForm: ChangePassphraseForm = {
  currentPassphrase: '',
  newPassphrase: '',
  confirmPassphrase: '',
};

/** All three fields required; the new one within the policy and unlike the current one. */
function changeFormSchema(personal: { name: string; email: string }) {
  return z
    .object({
      currentPassphrase: z.string(),
      newPassphrase: z.string(),
      confirmPassphrase: z.string(),
    })
    .superRefine((values, context) => {
      const current = values.currentPassphrase;
      if (current.length === 0 || current.length > passphraseMaxLength) {
        const message =
          current.length === 0 ? 'CHANGE_PASSPHRASE.REQUIRED' : 'USER_MANAGEMENT_MAXIMUM_LENGTH';
        context.addIssue({ code: 'custom', path: ['currentPassphrase'], message });
      }
      addNewPassphraseIssues(values, context, personal);
      if (values.newPassphrase && values.newPassphrase === current) {
        context.addIssue({
          code: 'custom',
          path: ['newPassphrase'],
          message: 'USER_MANAGEMENT_PASSPHRASE_SHOULD_NOT_MATCH_CURRENT',
        });
      }
    });
}

/**
 * The change-passphrase modal (seed 000 section 2): current, new and confirmation, with a
 * clear-form button. When `forced` (role MustChangePassphrase) it shows the expired notice and
 * cannot be closed until the passphrase is changed.
 */
export function ChangePassphraseModal({
  opened,
  forced,
  onClose,
}: {
  opened: boolean;
  forced: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const change = useChangePassphrase();
  const form = useForm<ChangePassphraseForm>({
    resolver: zodResolver(changeFormSchema({ name: user?.name ?? '', email: user?.email ?? '' })),
    mode: 'onChange',
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const close = (): void => {
    form.reset(emptyForm);
    change.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async ({ currentPassphrase, newPassphrase }) => {
    if (!user) return;
    const updated = await change
      .mutateAsync({ email: user.email, oldPassphrase: currentPassphrase, newPassphrase })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          form.setError('currentPassphrase', { message: 'USER_MANAGEMENT_INCORRECT_PASSPHRASE' });
        } else {
          reportError('changing the passphrase', error);
        }
        return undefined;
      });
    if (!updated) return;
    startSession(updated);
    close();
  });

  const incorrectCurrent = change.error instanceof ApiError && change.error.status === 401;
  return (
    <Modal
      opened={opened || forced}
      onClose={close}
      title={t('CHANGE_PASSPHRASE.TITLE')}
      withCloseButton={!forced}
      closeOnClickOutside={!forced}
      closeOnEscape={!forced}
      centered
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {forced && (
            <Alert color="yellow" data-testid="passphrase-expired">
              {t('CHANGE_PASSPHRASE.EXPIRED_NOTICE')}
            </Alert>
          )}
          {change.isError && !incorrectCurrent && (
            <Alert color="red" role="alert">
              {errorMessage(t, change.error, 'SIGNIN.SERVER_ERROR')}
            </Alert>
          )}
          <PasswordInput
            label={t('CHANGE_PASSPHRASE.CURRENT')}
            autoComplete="current-password"
            error={fieldError(t, errors.currentPassphrase?.message)}
            {...form.register('currentPassphrase', { deps: ['newPassphrase'] })}
          />
          <PasswordInput
            label={t('CHANGE_PASSPHRASE.NEW')}
            autoComplete="new-password"
            error={fieldError(t, errors.newPassphrase?.message)}
            {...form.register('newPassphrase', { deps: ['confirmPassphrase'] })}
          />
          <PasswordInput
            label={t('CHANGE_PASSPHRASE.CONFIRM')}
            autoComplete="new-password"
            error={fieldError(t, errors.confirmPassphrase?.message)}
            {...form.register('confirmPassphrase')}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => form.reset(emptyForm)}>
              {t('CHANGE_PASSPHRASE.CLEAR')}
            </Button>
            <Group gap="xs">
              {!forced && (
                <Button variant="subtle" onClick={close}>
                  {t('CHANGE_PASSPHRASE.CANCEL')}
                </Button>
              )}
              <Button type="submit" disabled={!form.formState.isValid} loading={change.isPending}>
                {t('CHANGE_PASSPHRASE.SUBMIT')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
