import {
  apiPaths,
  authenticateResponseSchema,
  errorBodySchema,
  ssoInfoResponseSchema,
  ssoSignInRequestSchema,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SsoService } from './sso.service';

export interface SsoRoutesOptions {
  ssoService: SsoService;
  signInRateLimitPerMinute: number;
}

/** Single sign-on for staff (seed 000 sections 4 and 7). */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (
  app,
  { ssoService, signInRateLimitPerMinute },
) => {
  const perClient = { max: signInRateLimitPerMinute, timeWindow: '1 minute' };

  app.get(
    apiPaths.sso,
    {
      config: { access: 'public', rateLimit: perClient },
      schema: {
        tags: ['auth'],
        summary: 'Empty for local accounts; else ssoUrl, where step 1 sends the browser',
        response: { 200: ssoInfoResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const ssoUrl = await ssoService.authorizationUrl();
      return ssoUrl ? { ssoUrl } : {};
    },
  );

  app.post(
    apiPaths.sso,
    {
      config: { access: 'public', rateLimit: perClient },
      schema: {
        tags: ['auth'],
        summary: 'Step 2: exchange the code and state the identity provider sent back',
        body: ssoSignInRequestSchema,
        response: {
          200: authenticateResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { code, state, iss } = request.body;
      const result = await ssoService.signIn(code, state, iss);
      if (result.outcome !== 'signed-in') throw new Error('single sign-on has no lockout');
      request.auth = { token: result.token, user: result.user, signInMode: 'sso' };
      return result.user;
    },
  );
};
