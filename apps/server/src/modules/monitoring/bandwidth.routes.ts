import {
  apiPaths,
  errorBodySchema,
  losCodeParamsSchema,
  macCountersQuerySchema,
  macCountersResponseSchema,
  macCountersSpanQuerySchema,
  parameterParamsSchema,
  parameterResponseSchema,
} from '@linesight/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BandwidthService } from './bandwidth.service';

/**
 * The bandwidth chart's calls (seed 001 section 7): a line's per-device counters by timespan,
 * a zoomed range, a month, and the reporting frequency the chart refreshes by. Staff and the
 * line's own consumer; 204 while the gateway has not reported.
 */
export const bandwidthRoutes: FastifyPluginAsyncZod<{
  bandwidthService: BandwidthService;
}> = async (app, { bandwidthService }) => {
  const line = {
    access: ['Admin', 'CSR', 'Consumer'],
    lineScope: { param: 'losCode' },
  } as const;
  const tags = ['monitoring'];
  const params = losCodeParamsSchema;
  const response = {
    200: macCountersResponseSchema,
    204: z.null(),
    400: errorBodySchema,
    404: errorBodySchema,
  };
  const orNoContent = <T>(reply: FastifyReply, value: T | null): T | FastifyReply =>
    value ?? reply.status(204).send(null);

  app.get(
    apiPaths.macCounters,
    {
      config: line,
      schema: {
        tags,
        summary:
          'Each device’s bytes in and out, signal and link rates: hour, day and week, or the timespan asked for',
        params,
        querystring: macCountersQuerySchema,
        response,
      },
    },
    async (request, reply) =>
      orNoContent(
        reply,
        await bandwidthService.counters(request.params.losCode, request.query.timespan),
      ),
  );

  app.get(
    apiPaths.macCountersSpan,
    {
      config: line,
      schema: {
        tags,
        summary:
          'A zoomed range (at most 26 hours, end clamped to now) of the devices named, all when none is',
        params,
        querystring: macCountersSpanQuerySchema,
        response,
      },
    },
    async (request, reply) =>
      orNoContent(reply, await bandwidthService.zoom(request.params.losCode, request.query)),
  );

  app.get(
    apiPaths.macCounters30,
    {
      config: line,
      schema: {
        tags,
        summary: 'Each device’s month of bandwidth, a point every 8 hours',
        params,
        response,
      },
    },
    async (request, reply) =>
      orNoContent(reply, await bandwidthService.month(request.params.losCode)),
  );

  app.get(
    apiPaths.parameter,
    {
      config: { access: ['Admin', 'CSR', 'Consumer'], lineScope: 'none' },
      schema: {
        tags,
        summary: 'A portal parameter; maccounters.frequency is the reporting frequency in seconds',
        params: parameterParamsSchema,
        response: { 200: parameterResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => bandwidthService.parameter(request.params.name),
  );
};
