import { apiPaths, healthResponseSchema } from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

export interface HealthRoutesOptions {
  database: Pick<Database, 'kind' | 'ping'>;
  buildId: string;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    apiPaths.health,
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database answers, 503 when it does not',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const databaseUp = await options.database.ping();
      const status = databaseUp ? ('ok' as const) : ('unavailable' as const);
      return reply.status(databaseUp ? 200 : 503).send({
        status,
        database: { status, kind: options.database.kind },
        build: options.buildId,
      });
    },
  );
};
