import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { LanguagePills } from '../../../components/ui/language-pills';
import { href } from '../../../lib/routes';

/**
 * sso-signed-out: where the identity provider's logout sends the browser back. Signing in again
 * goes through the sign-in page, which starts single sign-on at step 1.
 */
export function SsoSignedOutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('PAGES.SSO_SIGNED_OUT')}
        </Title>
        <Text>{t('SSO.SIGNED_OUT')}</Text>
        <Button onClick={() => void navigate(href('base.sign-in'))} fullWidth>
          {t('SSO.SIGN_IN_AGAIN')}
        </Button>
        <LanguagePills />
      </Stack>
    </AuthCard>
  );
}
