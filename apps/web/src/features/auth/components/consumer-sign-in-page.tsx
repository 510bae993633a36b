import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { useBrand } from '../../../lib/brand/brand-context';
import { useConsumerAuthenticate } from '../api/consumer-auth';
import { useSignedInLanding } from '../finish-sign-in';
import { consumerSignInFormSchema, signInErrorMessage } from '../sign-in-form';
import { CredentialsForm } from './credentials-form';

/**
 * base.consumer-sign-in (My Network): consumers sign in with the user name and passphrase of
 * the device manager, and land on the summary of their first line of service.
 */
export function ConsumerSignInPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const landing = useSignedInLanding();
  const authenticate = useConsumerAuthenticate();

  if (landing) return <Navigate to={landing} replace />;

  return (
    <AuthCard>
      <CredentialsForm
        heading={
          <Stack gap={2}>
            <Title order={1} size="h3">
              {t('PAGES.CONSUMER_SIGN_IN')}
            </Title>
            <Text size="sm" c="dimmed">
              {brand.productName}
            </Text>
          </Stack>
        }
        schema={consumerSignInFormSchema}
        usernameField={{ label: t('CONSUMER_SIGNIN.USERNAME'), type: 'text' }}
        rememberAs="consumer"
        signIn={(username, password) => authenticate.mutateAsync({ username, password })}
        isPending={authenticate.isPending}
        pendingMessage={t('CONSUMER_AUTHENTICATING')}
        error={
          authenticate.isError
            ? signInErrorMessage(t, authenticate.error, 'CONSUMER_SIGNIN_LOCKOUT_MESSAGE')
            : null
        }
      />
    </AuthCard>
  );
}
