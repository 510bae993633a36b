import {
  apiPaths,
  errorBodySchema,
  lineSpanQuerySchema,
  losCodeParamsSchema,
  physicalStatusResponseSchema,
  spectrumAnalysisResponseSchema,
  wanStatsResponseSchema,
} from '@linesight/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LineHealthService } from './line-health.service';

/**
 * The gateway status, WAN statistics and spectrum screens' calls (seed 001 sections 2 and 7;
 * docs/decisions/017): staff only, a consumer reaches none of them. 204 while the gateway has
 * not reported what a call serves.
 */
export const lineHealthRoutes: FastifyPluginAsyncZod<{
  lineHealthService: LineHealthService;
}> = async (app, { lineHealthService }) => {
  const staff = { access: ['Admin', 'CSR'], lineScope: { param: 'losCode' } } as const;
  const tags = ['monitoring'];
  const params = losCodeParamsSchema;
  const refusals = { 204: z.null(), 400: errorBodySchema, 404: errorBodySchema };
  const orNoContent = <T>(reply: FastifyReply, value: T | null): T | FastifyReply =>
    value ?? reply.status(204).send(null);

  app.get(
    apiPaths.physicalStatusSpan,
    {
      config: staff,
      schema: {
        tags,
        summary:
          'The gateway’s RAM, CPU and temperature over a span (at most 31 days), its downtime and connection details',
        params,
        querystring: lineSpanQuerySchema,
        response: { 200: physicalStatusResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(
        reply,
        await lineHealthService.physicalStatus(request.params.losCode, request.query),
      ),
  );

  app.get(
    apiPaths.wanStatsSpan,
    {
      config: staff,
      schema: {
        tags,
        summary:
          'The DSL or DOCSIS line’s latest statistics and its series over a span; wanStats null for other line types',
        params,
        querystring: lineSpanQuerySchema,
        response: { 200: wanStatsResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(reply, await lineHealthService.wanStats(request.params.losCode, request.query)),
  );

  app.get(
    apiPaths.docsisSpectrumAnalysis,
    {
      config: staff,
      schema: {
        tags,
        summary: 'The latest DOCSIS spectrum analysis, amplitudes as reported',
        params,
        response: { 200: spectrumAnalysisResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(reply, await lineHealthService.spectrum(request.params.losCode)),
  );
};
