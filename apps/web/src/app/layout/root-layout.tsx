import { Alert, Container } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useMatches, useParams } from 'react-router';
import { isUnknownLine, subscriberDeviceQueryOptions } from '../../lib/subscriber-device';
import { type RouteName, screensWithoutNavigation } from '../../lib/routes';
import { setCurrentLineOfService, useSession } from '../../lib/session';
import { Footer } from './footer';
import { useSessionKeeper } from './use-session-keeper';

// Only signed-in users see it: its menus and selects stay out of the sign-in page's first load.
const NavBar = lazy(async () => ({ default: (await import('./nav-bar')).NavBar }));

// Its form (react-hook-form, the policy's messages) loads only when a passphrase must change.
const ChangePassphraseModal = lazy(async () => ({
  default: (await import('../../features/passphrase/components/change-passphrase-modal'))
    .ChangePassphraseModal,
}));

export interface ScreenHandle {
  name: RouteName;
}

function useCurrentRouteName(): RouteName | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as ScreenHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return undefined;
}

export function RootLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const routeName = useCurrentRouteName();
  const { losCode } = useParams();
  const [changingPassphrase, setChangingPassphrase] = useState(false);
  useSessionKeeper(session.isAuthenticated);

  // A line typed in the address bar becomes the menus' line only once the server knows it.
  const line = useQuery({
    ...subscriberDeviceQueryOptions(losCode ?? ''),
    enabled: Boolean(losCode) && session.isAuthenticated,
  });
  const knownLine = line.isSuccess ? losCode : undefined;
  useEffect(() => {
    if (knownLine) setCurrentLineOfService(knownLine);
  }, [knownLine]);
  const routeLine = isUnknownLine(line.error) ? undefined : losCode;

  const showNavigation =
    session.isAuthenticated && !(routeName && screensWithoutNavigation.includes(routeName));
  const mustChangePassphrase = showNavigation && session.role === 'MustChangePassphrase';

  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {showNavigation && (
        <Suspense fallback={null}>
          <NavBar
            routeName={routeName}
            routeLineOfService={routeLine}
            onChangePassphrase={() => setChangingPassphrase(true)}
          />
        </Suspense>
      )}
      {showNavigation && (changingPassphrase || mustChangePassphrase) && (
        <Suspense fallback={null}>
          <ChangePassphraseModal
            opened
            forced={mustChangePassphrase}
            onClose={() => setChangingPassphrase(false)}
          />
        </Suspense>
      )}
      <main style={{ flex: 1 }}>
        {mustChangePassphrase ? (
          <Container py="xl">
            <Alert color="yellow" role="alert">
              {t('CHANGE_PASSPHRASE.EXPIRED_NOTICE')}
            </Alert>
          </Container>
        ) : (
          <Outlet />
        )}
      </main>
      <Footer losCode={showNavigation ? routeLine : undefined} />
    </div>
  );
}
