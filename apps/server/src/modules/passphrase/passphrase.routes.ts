import {
  apiPaths,
  authenticateResponseSchema,
  changePassphraseRequestSchema,
  changePassphraseWithTokenRequestSchema,
  changePassphraseWithTokenResponseSchema,
  errorBodySchema,
  sendResetPassphraseLinkRequestSchema,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access';
import type { PassphraseService } from './passphrase.service';
import { mailLanguageOf } from './reset-mail';

export interface PassphraseRoutesOptions {
  passphraseService: PassphraseService;
  rateLimitPerMinute: number;
}

export const passphraseRoutes: FastifyPluginAsyncZod<PassphraseRoutesOptions> = async (
  app,
  options,
) => {
  const { passphraseService } = options;
  const perClient = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };

  app.post(
    apiPaths.sendResetPassphraseLink,
    {
      config: { access: 'public', rateLimit: perClient },
      schema: {
        tags: ['passphrase'],
        summary: 'E-mail a reset link; answers the same whether or not the address has an account',
        body: sendResetPassphraseLinkRequestSchema,
        response: { 204: z.null(), 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const answered = new Promise<void>((resolve) => {
        reply.raw.once('finish', resolve).once('close', resolve);
      });
      await passphraseService.requestReset(
        request.body,
        mailLanguageOf(request.headers['accept-language']),
        answered,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    apiPaths.changePassphraseWithToken,
    {
      config: { access: 'public', rateLimit: perClient },
      schema: {
        tags: ['passphrase'],
        summary: 'Set a new passphrase with the token of a reset link',
        body: changePassphraseWithTokenRequestSchema,
        response: {
          200: changePassphraseWithTokenResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request) =>
      passphraseService.resetWithToken(request.body.token, request.body.passphrase),
  );

  app.post(
    apiPaths.changePassphrase,
    {
      config: { access: 'signedIn', lineScope: 'none', rateLimit: perClient },
      schema: {
        tags: ['passphrase'],
        summary: 'Change the signed-in user’s passphrase; 401 when the current one is wrong',
        body: changePassphraseRequestSchema,
        response: { 200: authenticateResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const { email, oldPassphrase, newPassphrase } = request.body;
      return passphraseService.change(callerOf(request), email, oldPassphrase, newPassphrase);
    },
  );
};
