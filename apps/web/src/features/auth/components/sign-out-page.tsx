import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../lib/routes';
import { clearSession, getAuthToken } from '../../../lib/session';
import { signOutOnServer } from '../api/sign-out';

/** base.ui-sign-out: ends the session on the server, clears what the seed lists, then sign-in. */
export function SignOutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const serverSignOut = getAuthToken()
      ? signOutOnServer().catch(() => undefined)
      : Promise.resolve();
    void serverSignOut.then(async () => {
      clearSession();
      await navigate(href('base.sign-in'), { replace: true });
    });
  }, [navigate]);

  return (
    <Center py="xl">
      <Stack align="center">
        <Loader />
        <Text>{t('SIGN_OUT.SIGNING_OUT')}</Text>
      </Stack>
    </Center>
  );
}
