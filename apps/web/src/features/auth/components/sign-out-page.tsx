import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
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
  // Once per arrival: a second navigation here (another call's 401 while this one signs out)
  // starts again, where it would otherwise leave the page waiting on a navigation it replaced.
  const { key } = useLocation();
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (startedFor.current === key) return;
    startedFor.current = key;
    const destination = signOutDestination(getSession().user);
    const serverSignOut = getAuthToken()
      ? signOutOnServer().catch(() => undefined)
      : Promise.resolve();
    void serverSignOut.then(async () => {
      clearSession();
      if (destination.kind === 'provider') window.location.assign(destination.logoutUrl);
      else await navigate(destination.path, { replace: true });
    });
  }, [key, navigate]);

  return (
    <Center py="xl">
      <Stack align="center">
        <Loader />
        <Text>{t('SIGN_OUT.SIGNING_OUT')}</Text>
      </Stack>
    </Center>
  );
}
