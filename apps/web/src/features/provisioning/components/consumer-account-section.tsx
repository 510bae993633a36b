import type { Subscriber } from '@linesight/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { fieldError } from '../../../lib/passphrase-form';
import { reportError } from '../../../lib/report-error';
import { errorMessage } from '../../../lib/translate-error';
import { useDeleteSubscriberConsumer } from '../api/delete-subscriber-consumer';
import { useSubscriberConsumer } from '../api/get-subscriber-consumer';
import { usePutSubscriberConsumer } from '../api/put-subscriber-consumer';
import { type ConsumerAccountForm, consumerAccountFormSchema } from '../consumer-account-form';

const emptyForm: ConsumerAccountForm = { username: '', newPassphrase: '', confirmPassphrase: '' };

/**
 * The selected subscriber's My Network sign-in (the built-in device manager's credentials): the
 * current user name or none, a form that sets or replaces it, and Remove with confirmation.
 */
export function ConsumerAccountSection({ subscriber }: { subscriber: Subscriber }) {
  const { t } = useTranslation();
  const { subscriberCode } = subscriber;
  const account = useSubscriberConsumer(subscriberCode);
  const save = usePutSubscriberConsumer();
  const remove = useDeleteSubscriberConsumer();
  const form = useForm<ConsumerAccountForm>({
    resolver: zodResolver(consumerAccountFormSchema(subscriber.name)),
    mode: 'onChange',
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ username, newPassphrase }) => {
    remove.reset();
    const saved = await save
      .mutateAsync({ subscriberCode, username: username.trim(), passphrase: newPassphrase })
      .catch((error: unknown) => {
        reportError('setting a consumer sign-in', error);
        return undefined;
      });
    if (saved) form.reset(emptyForm);
  });

  const failure = save.error ?? remove.error;
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('PROVISIONING.CONSUMER_SIGN_IN')}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('PROVISIONING.CONSUMER_SIGN_IN')}
        </Title>
        {account.isPending && <Loader size="sm" aria-label={t('TABLE.LOADING')} />}
        {account.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, account.error, 'PROVISIONING.CONSUMER_LOAD_ERROR')}
          </Alert>
        )}
        {account.data === null && (
          <Text size="sm" c="dimmed">
            {t('PROVISIONING.CONSUMER_NONE')}
          </Text>
        )}
        {account.data && (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" data-testid="consumer-username">
              {t('PROVISIONING.CONSUMER_CURRENT', { username: account.data.username })}
            </Text>
            <InlineConfirm
              label={t('PROVISIONING.CONSUMER_REMOVE')}
              isPending={remove.isPending}
              onConfirm={() => {
                save.reset();
                remove.mutate(subscriberCode, {
                  onError: (error) => reportError('removing a consumer sign-in', error),
                });
              }}
            />
          </Group>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {errorMessage(t, failure, 'PROVISIONING.SAVE_ERROR')}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert color="green" role="status">
            {t('PROVISIONING.CONSUMER_SAVED')}
          </Alert>
        )}
        <TextInput
          label={t('PROVISIONING.CONSUMER_USERNAME')}
          autoComplete="off"
          error={fieldError(t, errors.username?.message)}
          {...form.register('username', { deps: ['newPassphrase'] })}
        />
        <PasswordInput
          label={t('PROVISIONING.CONSUMER_PASSPHRASE')}
          autoComplete="new-password"
          error={fieldError(t, errors.newPassphrase?.message)}
          {...form.register('newPassphrase', { deps: ['confirmPassphrase'] })}
        />
        <PasswordInput
          label={t('PROVISIONING.CONSUMER_CONFIRM_PASSPHRASE')}
          autoComplete="new-password"
          error={fieldError(t, errors.confirmPassphrase?.message)}
          {...form.register('confirmPassphrase')}
        />
        {account.data && (
          <Text size="xs" c="dimmed">
            {t('PROVISIONING.CONSUMER_REPLACE_HINT')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!form.formState.isValid} loading={save.isPending}>
            {t('PROVISIONING.CONSUMER_SAVE')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
