import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { pingSecure } from '../../features/auth/api/ping';
import { onUnauthorized } from '../../lib/api-client';
import { href, isDataScreenPath } from '../../lib/routes';
import { rememberRequestedUrl } from '../../lib/session';
import { startSessionKeeper } from '../../lib/session-keeper';

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * While signed in: confirms the stored session at once, keeps it alive, and signs out after an
 * hour without activity. A lost session (401) comes back to the same address after sign-in.
 */
export function useSessionKeeper(isAuthenticated: boolean): void {
  const navigate = useNavigate();

  useEffect(
    () =>
      onUnauthorized((status) => {
        if (status === 401 && isDataScreenPath(currentAddress())) {
          rememberRequestedUrl(currentAddress());
        }
        void navigate(href('base.ui-sign-out'), { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    if (!isAuthenticated) return;
    const keeper = startSessionKeeper({
      ping: pingSecure,
      onIdle: () => {
        rememberRequestedUrl(currentAddress());
        void navigate(href('base.ui-sign-out'), { replace: true });
      },
    });
    let lastRecorded = 0;
    const recordActivity = (): void => {
      const now = Date.now();
      if (now - lastRecorded < 1000) return;
      lastRecorded = now;
      keeper.recordActivity();
    };
    for (const event of activityEvents)
      window.addEventListener(event, recordActivity, { passive: true });
    pingSecure().catch(() => undefined);
    return () => {
      keeper.stop();
      for (const event of activityEvents) window.removeEventListener(event, recordActivity);
    };
  }, [isAuthenticated, navigate]);
}
