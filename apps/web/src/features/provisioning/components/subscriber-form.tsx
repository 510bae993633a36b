import { maxFieldLength, type Subscriber } from '@linesight/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError } from '../../../lib/passphrase-form';
import { reportError } from '../../../lib/report-error';
import { errorMessage } from '../../../lib/translate-error';
import { usePutSubscriber } from '../api/put-subscriber';

/** Both required and at most 255 characters; the message names the field (seed 000 section 5). */
const subscriberFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'PROVISIONING.NAME_REQUIRED')
    .max(maxFieldLength, 'PROVISIONING.TOO_LONG'),
  subscriberCode: z
    .string()
    .trim()
    .min(1, 'PROVISIONING.SUBSCRIBER_CODE_REQUIRED')
    .max(maxFieldLength, 'PROVISIONING.TOO_LONG'),
});

/** Create a subscriber, or, with one selected in the table, rename it (the code stays). */
export function SubscriberForm({
  selected,
  onReset,
}: {
  selected: Subscriber | null;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const save = usePutSubscriber();
  const form = useForm({
    resolver: zodResolver(subscriberFormSchema),
    mode: 'onChange',
    defaultValues: { name: selected?.name ?? '', subscriberCode: selected?.subscriberCode ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, subscriberCode }) => {
    const saved = await save
      .mutateAsync({ name, subscriberCode, createOnly: !selected })
      .catch((error: unknown) => {
        reportError(selected ? 'updating a subscriber' : 'creating a subscriber', error);
        return undefined;
      });
    if (saved && !selected) form.reset({ name: '', subscriberCode: '' });
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('PROVISIONING.SUBSCRIBER_FORM')}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(selected ? 'PROVISIONING.UPDATE_SUBSCRIBER' : 'PROVISIONING.CREATE_SUBSCRIBER')}
        </Title>
        {save.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, save.error, 'PROVISIONING.SAVE_ERROR')}
          </Alert>
        )}
        <TextInput
          label={t('PROVISIONING.NAME')}
          maxLength={maxFieldLength}
          error={fieldError(t, errors.name?.message)}
          {...form.register('name')}
        />
        <TextInput
          label={t('PROVISIONING.SUBSCRIBER_CODE')}
          maxLength={maxFieldLength}
          readOnly={selected !== null}
          error={fieldError(t, errors.subscriberCode?.message)}
          {...form.register('subscriberCode')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onReset}>
            {t('PROVISIONING.RESET')}
          </Button>
          <Button type="submit" disabled={!form.formState.isValid} loading={save.isPending}>
            {t(selected ? 'PROVISIONING.UPDATE' : 'PROVISIONING.CREATE')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
