import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { ApiError } from '../../../lib/api-client';
import { authenticate } from '../../../lib/authenticate';
import { fieldError, newPassphraseFields } from '../../../lib/passphrase-form';
import { reportError } from '../../../lib/report-error';
import { href, landingPath } from '../../../lib/routes';
import { startSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/translate-error';
import { changePassphraseWithToken } from '../api/change-passphrase-with-token';

const resetFormSchema = newPassphraseFields();

/**
 * base.reset-forgot-passphrase: the token comes in the route. Success signs the user in with
 * the new passphrase (the answer names the e-mail); 401 or 403 means the link has expired.
 */
export function ResetPassphrasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const form = useForm({
    resolver: zodResolver(resetFormSchema),
    mode: 'onChange',
    defaultValues: { newPassphrase: '', confirmPassphrase: '' },
  });
  const reset = useMutation({
    mutationFn: async (passphrase: string) => {
      const { email } = await changePassphraseWithToken({ token, passphrase });
      return authenticate({ user: { email, passphrase } });
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassphrase }) => {
    const user = await reset.mutateAsync(newPassphrase).catch((error: unknown) => {
      reportError('resetting the passphrase', error);
      return undefined;
    });
    if (!user) return;
    startSession(user);
    await navigate(landingPath(user), { replace: true });
  });

  const expired = reset.error instanceof ApiError && [401, 403].includes(reset.error.status);
  return (
    <AuthCard>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('RESET_PASSPHRASE.TITLE')}
          </Title>
          {expired && (
            <Alert color="red" role="alert">
              {t('FORGOT_PASSPHRASE_TOKEN_EXPIRED_MESSAGE')}{' '}
              <Anchor component={Link} to={href('base.forgot-passphrase')}>
                {t('RESET_PASSPHRASE.REQUEST_NEW_LINK')}
              </Anchor>
            </Alert>
          )}
          {reset.isError && !expired && (
            <Alert color="red" role="alert">
              {errorMessage(t, reset.error, 'RESET_PASSPHRASE.ERROR')}
            </Alert>
          )}
          <PasswordInput
            label={t('RESET_PASSPHRASE.NEW')}
            autoComplete="new-password"
            error={fieldError(t, errors.newPassphrase?.message)}
            {...form.register('newPassphrase', { deps: ['confirmPassphrase'] })}
          />
          <PasswordInput
            label={t('RESET_PASSPHRASE.CONFIRM')}
            autoComplete="new-password"
            error={fieldError(t, errors.confirmPassphrase?.message)}
            {...form.register('confirmPassphrase')}
          />
          <Button type="submit" disabled={!form.formState.isValid} loading={reset.isPending}>
            {t('RESET_PASSPHRASE.SUBMIT')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
