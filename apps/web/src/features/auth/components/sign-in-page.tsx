import { signInRefusalSchema } from '@linesight/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { LanguagePills } from '../../../components/ui/language-pills';
import { ApiError } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand/brand-context';
import { href, landingPath } from '../../../lib/routes';
import {
  getRememberedUsername,
  rememberUsername,
  startSession,
  takeRequestedUrl,
  useSession,
} from '../../../lib/session';
import { useAuthenticate } from '../api/authenticate';
import { type SignInForm, signInFormSchema } from '../sign-in-form';

type Translate = ReturnType<typeof useTranslation>['t'];

/** What a failed sign-in tells the user (seed 000 section 8). */
function signInErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.status === 401) {
    const refusal = signInRefusalSchema.safeParse(error.body);
    if (refusal.success && refusal.data.isLockedOut) {
      return t('SIGNIN.LOCKED_OUT', {
        count: Math.ceil(refusal.data.configuredLockoutSeconds / 60),
      });
    }
    return t('SIGNIN.INVALID_USERNAME_PASSPHRASE');
  }
  // Our rate limit is not in the seed's catalogue; saying so beats "error communicating".
  if (error instanceof ApiError && error.status === 429) return t('REQUEST.RATE_LIMITED');
  return t('SIGNIN.SERVER_ERROR');
}

export function SignInPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const session = useSession();
  const navigate = useNavigate();
  const authenticate = useAuthenticate();
  const rememberedUsername = getRememberedUsername();
  const form = useForm<SignInForm>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: {
      email: rememberedUsername ?? '',
      passphrase: '',
      rememberCredentials: rememberedUsername !== undefined,
    },
  });
  const { errors } = form.formState;

  if (session.user && !authenticate.isPending && !authenticate.isSuccess) {
    return <Navigate to={landingPath(session.user, session.currentLineOfService)} replace />;
  }

  const onSubmit = form.handleSubmit(async ({ email, passphrase, rememberCredentials }) => {
    const user = await authenticate
      .mutateAsync({ user: { email, passphrase } })
      .catch(() => undefined);
    if (!user) return;
    rememberUsername(rememberCredentials ? email : null);
    startSession(user);
    await navigate(takeRequestedUrl() ?? landingPath(user), { replace: true });
  });

  return (
    <AuthCard>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Title order={1} size="h3">
            {brand.productName}
          </Title>
          {authenticate.isError && (
            <Alert color="red" role="alert" data-testid="sign-in-error">
              {signInErrorMessage(authenticate.error, t)}
            </Alert>
          )}
          <TextInput
            label={t('SIGNIN.EMAIL')}
            placeholder={t('SIGNIN.EMAIL_PLACEHOLDER')}
            type="email"
            autoComplete="username"
            error={errors.email?.message && t(errors.email.message as 'SIGNIN.VALID_EMAIL')}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('SIGNIN.PASSPHRASE')}
            autoComplete="current-password"
            error={
              errors.passphrase?.message &&
              t(errors.passphrase.message as 'SIGNIN.VALID_PASSPHRASE')
            }
            {...form.register('passphrase')}
          />
          <Checkbox
            label={t('SIGNIN.REMEMBER_CREDENTIALS')}
            {...form.register('rememberCredentials')}
          />
          <Button type="submit" loading={authenticate.isPending} fullWidth>
            {t('SIGNIN.SUBMIT')}
          </Button>
          <Anchor component={Link} to={href('base.forgot-passphrase')} size="sm">
            {t('SIGNIN.FORGOT_PASSPHRASE')}
          </Anchor>
          <LanguagePills />
        </Stack>
      </form>
    </AuthCard>
  );
}
