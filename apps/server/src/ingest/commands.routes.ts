import {
  commandResultParamsSchema,
  commandResultRequestSchema,
  commandsQuerySchema,
  commandsResponseSchema,
  errorBodySchema,
  reportPaths,
  reportTokenParamsSchema,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IngestService } from './ingest.service';
import type { ActionsService } from '../modules/actions/actions.service';

export interface CommandsRoutesOptions {
  ingestService: IngestService;
  actionsService: ActionsService;
}

/**
 * The gateway's side of the command channel, under its reporting URL: the token is its
 * credential, as for reports.
 */
export const commandsRoutes: FastifyPluginAsyncZod<CommandsRoutesOptions> = async (
  app,
  options,
) => {
  const refusals = { 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  app.get(
    reportPaths.commands,
    {
      config: { access: 'public' },
      schema: {
        tags: ['collector'],
        summary: 'The commands waiting for this gateway; waits up to `wait` seconds (30) for one',
        params: reportTokenParamsSchema,
        querystring: commandsQuerySchema,
        response: { 200: commandsResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const line = await options.ingestService.lineForToken(request.params.token);
      // A gateway that hangs up stops the wait.
      const hungUp = new AbortController();
      request.raw.once('close', () => hungUp.abort());
      const commands = await options.actionsService.poll(
        line.id,
        request.query.wait,
        hungUp.signal,
      );
      return { commands };
    },
  );

  app.post(
    reportPaths.commandResult,
    {
      config: { access: 'public' },
      schema: {
        tags: ['collector'],
        summary: 'The gateway’s result for a command: ACK, or NAK with a message',
        params: commandResultParamsSchema,
        body: commandResultRequestSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const line = await options.ingestService.lineForToken(request.params.token);
      await options.actionsService.answer(line, request.params.messageId, request.body);
      return reply.status(204).send(null);
    },
  );
};
