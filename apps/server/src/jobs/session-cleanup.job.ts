import type { FastifyBaseLogger } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service';

/**
 * Expired sessions are refused on sight; this removes the ones nobody presents again, so the
 * table does not grow with every sign-in.
 */
export function startSessionCleanup(
  authService: AuthService,
  log: FastifyBaseLogger,
  intervalMs = 10 * 60 * 1000,
): () => void {
  const timer = setInterval(() => {
    authService
      .deleteExpiredSessions()
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'expired sessions removed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'session cleanup failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
