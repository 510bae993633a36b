import { emailSchema, resetLinkRequestFor } from '@linesight/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../../components/layout/auth-card';
import { ApiError } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand/brand-context';
import { fieldError } from '../../../lib/passphrase-form';
import { reportError } from '../../../lib/report-error';
import { href } from '../../../lib/routes';
import { useSendResetPassphraseLink } from '../api/send-reset-passphrase-link';

const forgotFormSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((value) => emailSchema.safeParse(value).success, 'SIGNIN.VALID_EMAIL'),
});

/** base.forgot-passphrase: an e-mail field, then the sent state showing the address. */
export function ForgotPassphrasePage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const send = useSendResetPassphraseLink();
  const form = useForm({
    resolver: zodResolver(forgotFormSchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(({ email }) =>
    send
      .mutateAsync(resetLinkRequestFor(email, brand))
      .catch((error: unknown) => reportError('sending the reset link', error)),
  );

  if (send.isSuccess) {
    return (
      <AuthCard>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('FORGOT_PASSPHRASE.SENT_TITLE')}
          </Title>
          <Text role="status">{t('FORGOT_PASSPHRASE.SENT', { email: send.variables.email })}</Text>
          <Anchor component={Link} to={href('base.sign-in')}>
            {t('FORGOT_PASSPHRASE.BACK_TO_SIGN_IN')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const rateLimited = send.error instanceof ApiError && send.error.status === 429;
  return (
    <AuthCard>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('FORGOT_PASSPHRASE.TITLE')}
          </Title>
          <Text size="sm">{t('FORGOT_PASSPHRASE.INSTRUCTIONS')}</Text>
          {send.isError && (
            <Alert color="red" role="alert">
              {t(rateLimited ? 'REQUEST.RATE_LIMITED' : 'SIGNIN.SERVER_ERROR')}
            </Alert>
          )}
          <TextInput
            label={t('SIGNIN.EMAIL')}
            type="email"
            autoComplete="username"
            error={fieldError(t, form.formState.errors.email?.message)}
            {...form.register('email')}
          />
          <Button type="submit" disabled={!form.formState.isValid} loading={send.isPending}>
            {t('FORGOT_PASSPHRASE.SUBMIT')}
          </Button>
          <Anchor component={Link} to={href('base.sign-in')} size="sm">
            {t('FORGOT_PASSPHRASE.BACK_TO_SIGN_IN')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
