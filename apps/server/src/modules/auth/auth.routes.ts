import {
  apiPaths,
  authenticateRequestSchema,
  authenticateResponseSchema,
  errorBodySchema,
  pingResponseSchema,
  signInRefusalSchema,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/api-error';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  authService: AuthService;
  signInRateLimitPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { authService } = options;

  app.post(
    apiPaths.authenticate,
    {
      config: {
        access: 'public',
        rateLimit: { max: options.signInRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign a staff user in with e-mail and passphrase',
        body: authenticateRequestSchema,
        response: {
          200: authenticateResponseSchema,
          401: signInRefusalSchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { email, passphrase } = request.body.user;
      const result = await authService.signIn(email, passphrase);
      if (result.outcome === 'refused') {
        const extra = {
          isLockedOut: result.isLockedOut,
          configuredLockoutSeconds: authService.lockoutSeconds,
        };
        throw result.isLockedOut
          ? new ApiError(401, 'SIGNIN.LOCKED_OUT', 'The account is locked; try again later.', extra)
          : new ApiError(
              401,
              'SIGNIN.INVALID_USERNAME_PASSPHRASE',
              'Invalid Username and Passphrase combination.',
              extra,
            );
      }
      request.auth = { token: result.token, user: result.user, signInMode: 'cahUser' };
      return result.user;
    },
  );

  app.get(
    apiPaths.pingSecure,
    {
      config: { access: 'signedIn', lineScope: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Keep the session alive; 401 once it has ended',
        response: { 200: pingResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.post(
    apiPaths.signOut,
    {
      config: { access: 'signedIn', lineScope: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'End the caller’s session on the server',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (request.auth) await authService.signOut(request.auth.token);
      request.auth = null;
      return reply.status(204).send(null);
    },
  );
};
