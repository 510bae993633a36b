import {
  apiPaths,
  authenticateResponseSchema,
  consumerAccountSchema,
  consumerAuthRequestSchema,
  errorBodySchema,
  putConsumerRequestSchema,
  signInRefusalSchema,
  subscriberCodeParamsSchema,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/api-error';
import { actorOf } from '../audit/actor';
import type { ConsumersService } from './consumers.service';

export interface ConsumersRoutesOptions {
  consumersService: ConsumersService;
  lockoutSeconds: number;
  signInRateLimitPerMinute: number;
}

/** My Network sign-in (public) and the consumer credentials admins keep per subscriber. */
export const consumersRoutes: FastifyPluginAsyncZod<ConsumersRoutesOptions> = async (
  app,
  { consumersService, lockoutSeconds, signInRateLimitPerMinute },
) => {
  app.post(
    apiPaths.consumerAuth,
    {
      config: {
        access: 'public',
        rateLimit: { max: signInRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign a consumer in with their device-manager credentials',
        body: consumerAuthRequestSchema,
        response: {
          200: authenticateResponseSchema,
          401: signInRefusalSchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const result = await consumersService.signIn(username, password);
      if (result.outcome === 'refused') {
        const extra = { isLockedOut: result.isLockedOut, configuredLockoutSeconds: lockoutSeconds };
        throw result.isLockedOut
          ? new ApiError(401, 'SIGNIN.LOCKED_OUT', 'The account is locked; try again later.', extra)
          : new ApiError(
              401,
              'SIGNIN.INVALID_USERNAME_PASSPHRASE',
              'Invalid Username and Passphrase combination.',
              extra,
            );
      }
      request.auth = { token: result.token, user: result.user, signInMode: 'consumer' };
      return result.user;
    },
  );

  const adminsOnly = { access: ['Admin'] } as const;

  app.get(
    apiPaths.subscriberConsumer,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary: 'The subscriber’s My Network user name; 404 when none is set',
        params: subscriberCodeParamsSchema,
        response: { 200: consumerAccountSchema, 404: errorBodySchema },
      },
    },
    async (request) => consumersService.credentialsOf(request.params.code),
  );

  app.put(
    apiPaths.subscriberConsumer,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary:
          'Set the subscriber’s My Network user name and passphrase (built-in device manager)',
        params: subscriberCodeParamsSchema,
        body: putConsumerRequestSchema,
        response: {
          200: consumerAccountSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { username, passphrase } = request.body;
      return consumersService.setCredentials(
        actorOf(request),
        request.params.code,
        username,
        passphrase,
      );
    },
  );

  app.delete(
    apiPaths.subscriberConsumer,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary: 'Remove the subscriber’s My Network sign-in, ending its sessions',
        params: subscriberCodeParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await consumersService.removeCredentials(actorOf(request), request.params.code);
      return reply.status(204).send(null);
    },
  );
};
