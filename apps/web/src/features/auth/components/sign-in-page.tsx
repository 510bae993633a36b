import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { LanguagePills } from '../../../components/ui/language-pills';
import { useBrand } from '../../../lib/brand/brand-context';
import { reportError } from '../../../lib/report-error';
import { href } from '../../../lib/routes';
import { errorMessage } from '../../../lib/translate-error';
import { useAuthenticate } from '../api/authenticate';
import { getSsoInfoQueryOptions } from '../api/get-sso-info';
import { signInWithSso } from '../api/sso-sign-in';
import { useFinishSignIn, useSignedInLanding } from '../finish-sign-in';
import { signInErrorMessage, staffSignInFormSchema } from '../sign-in-form';
import { runSsoSignIn, type SsoSignInSteps, type SsoStatus, startSsoSignIn } from '../sso-sign-in';
import { CredentialsForm } from './credentials-form';

/**
 * Runs single sign-on once per page opening (`sso-sign-in.ts` holds the steps): from the
 * provider's answer in the query string when there is one, else from step 1.
 */
function useSsoSignIn(enabled: boolean): { status: SsoStatus; retry: () => void } {
  const [status, setStatus] = useState<SsoStatus>({ step: 'checking' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const finishSignIn = useFinishSignIn();
  const started = useRef(false);
  const steps = useMemo<SsoSignInSteps>(
    () => ({
      getSsoInfo: () => queryClient.fetchQuery({ ...getSsoInfoQueryOptions(), staleTime: 0 }),
      signIn: signInWithSso,
      redirectToProvider: (ssoUrl) => window.location.assign(ssoUrl),
      forgetProviderAnswer: () => void navigate(href('base.sign-in'), { replace: true }),
      onSignedIn: finishSignIn,
      onStatus: setStatus,
      reportError,
    }),
    [queryClient, navigate, finishSignIn],
  );

  useEffect(() => {
    // Once: a provider's code is good for one exchange, and step 1 for one address.
    if (!enabled || started.current) return;
    started.current = true;
    void runSsoSignIn(new URLSearchParams(search), steps);
  }, [enabled, search, steps]);

  return { status, retry: () => void startSsoSignIn(steps, { freshLogin: true }) };
}

/** The single-sign-on panel: step 1 and step 2 messages, or the error with a retry. */
function SsoPanel({
  heading,
  status,
  onRetry,
}: {
  heading: ReactNode;
  status: SsoStatus;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {heading}
      {status.step === 'ssoError' ? (
        <>
          <Alert color="red" role="alert" data-testid="sign-in-error">
            {errorMessage(t, status.error, 'SSO.SIGN_IN_FAILED')}
          </Alert>
          <Button onClick={onRetry} fullWidth>
            {t('SSO.RETRY')}
          </Button>
        </>
      ) : (
        <Group gap="sm" role="status" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text>{t(status.step === 'step2AuthCodeToService' ? 'SSO.STEP2' : 'SSO.STEP1')}</Text>
        </Group>
      )}
      <LanguagePills />
    </Stack>
  );
}

/**
 * base.sign-in, the staff sign-in (seed 000 section 2): the e-mail and passphrase form when the
 * portal uses local accounts (signInMode cahUser), the single-sign-on panel when it uses an
 * identity provider (signInMode sso). The provider sends the browser back here with its answer.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const landing = useSignedInLanding();
  const sso = useSsoSignIn(landing === null);
  const authenticate = useAuthenticate();

  if (landing) return <Navigate to={landing} replace />;

  const heading = (
    <Title order={1} size="h3">
      {brand.productName}
    </Title>
  );
  return (
    <AuthCard>
      {sso.status.step === 'checking' && (
        <Center py="xl">
          <Loader aria-label={t('SSO.CHECKING')} />
        </Center>
      )}
      {sso.status.step === 'localAccounts' && (
        <CredentialsForm
          heading={heading}
          schema={staffSignInFormSchema}
          usernameField={{
            label: t('SIGNIN.EMAIL'),
            placeholder: t('SIGNIN.EMAIL_PLACEHOLDER'),
            type: 'email',
          }}
          rememberAs="staff"
          signIn={(email, passphrase) => authenticate.mutateAsync({ user: { email, passphrase } })}
          isPending={authenticate.isPending}
          error={
            authenticate.isError
              ? signInErrorMessage(t, authenticate.error, 'SIGNIN.LOCKED_OUT')
              : null
          }
        >
          <Anchor component={Link} to={href('base.forgot-passphrase')} size="sm">
            {t('SIGNIN.FORGOT_PASSPHRASE')}
          </Anchor>
        </CredentialsForm>
      )}
      {sso.status.step !== 'checking' && sso.status.step !== 'localAccounts' && (
        <SsoPanel heading={heading} status={sso.status} onRetry={sso.retry} />
      )}
    </AuthCard>
  );
}
