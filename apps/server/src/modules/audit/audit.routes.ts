import {
  apiPaths,
  auditQuerySchema,
  auditResponseSchema,
  errorBodySchema,
  totalResultsHeader,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service';

/** The audit trail, for admins only: what was changed, by whom, on which line. */
export const auditRoutes: FastifyPluginAsyncZod<{ auditService: AuditService }> = async (
  app,
  { auditService },
) => {
  app.get(
    apiPaths.audit,
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['audit'],
        summary: `Audit entries, newest first, filtered by line, subscriber, actor, action and time; ${totalResultsHeader} gives the total`,
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { entries, total } = await auditService.list(request.query);
      reply.header(totalResultsHeader, String(total));
      return entries;
    },
  );
};
