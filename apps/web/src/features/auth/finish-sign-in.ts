import type { SessionUser } from '@linesight/contract';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { landingAfterSignIn, landingPath } from '../../lib/routes';
import { getSession, startSession, takeRequestedUrl } from '../../lib/session';

/**
 * The end of every sign-in (staff, single sign-on, consumer): the session starts, and the user
 * returns to the address kept before sign-in when they may open it, else lands (seed 000
 * section 4).
 */
export function useFinishSignIn(): (user: SessionUser) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (user: SessionUser) => {
      startSession(user);
      await navigate(landingAfterSignIn(user, takeRequestedUrl()), { replace: true });
    },
    [navigate],
  );
}

/**
 * Where a user already signed in goes when they open a sign-in page, decided once on opening:
 * a sign-in finishing on the page starts a session too, and must not be sent elsewhere by it.
 */
export function useSignedInLanding(): string | null {
  const [landing] = useState(() => {
    const { user, currentLineOfService } = getSession();
    return user ? landingPath(user, currentLineOfService) : null;
  });
  return landing;
}
