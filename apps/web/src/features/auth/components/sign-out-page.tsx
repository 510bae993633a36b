import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession, getAuthToken, getSession } from '../../../lib/session';
import { signOutOnServer } from '../api/sign-out';
import { signOutDestination } from '../sign-out-destination';

/**
 * base.ui-sign-out: ends the session on the server, clears what the seed lists, then goes on to
 * the sign-in page, or to the identity provider's logout after a single sign-on.
 */
export function SignOutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const destination = signOutDestination(getSession().user);
    const serverSignOut = getAuthToken()
      ? signOutOnServer().catch(() => undefined)
      : Promise.resolve();
    void serverSignOut.then(async () => {
      clearSession();
      if (destination.kind === 'provider') window.location.assign(destination.logoutUrl);
      else await navigate(destination.path, { replace: true });
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
