import { Alert, Container } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useParams } from 'react-router';
import { type RouteName, screensWithoutNavigation } from '../../lib/routes';
import { setCurrentLineOfService, useSession } from '../../lib/session';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { useSessionKeeper } from './use-session-keeper';

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

  useEffect(() => {
    if (losCode && session.isAuthenticated) setCurrentLineOfService(losCode);
  }, [losCode, session.isAuthenticated]);

  const showNavigation =
    session.isAuthenticated && !(routeName && screensWithoutNavigation.includes(routeName));
  const mustChangePassphrase = showNavigation && session.role === 'MustChangePassphrase';

  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {showNavigation && (
        <NavBar
          routeName={routeName}
          routeLineOfService={losCode}
          onChangePassphrase={() => setChangingPassphrase(true)}
        />
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
      <Footer />
    </div>
  );
}
