import {
  apiPaths,
  errorBodySchema,
  experienceRatingResponseSchema,
  feedbackSettingsResponseSchema,
  type FleetMapResponse,
  fleetMapResponseSchema,
  individualQoeResponseSchema,
  lineSpanQuerySchema,
  losCodeParamsSchema,
  populationMetricResponseSchema,
  qoeQueryResponseSchema,
  qoeQuerySchema,
  qoeSpanResponseSchema,
  uptimeReportResponseSchema,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { QoeService } from './qoe.service';

/**
 * Quality of experience, the uptime report and the dashboard (seed 001 section 7; decision 021):
 * Admin and CSR only, a consumer is refused. The feedback frame's address is for anyone signed in.
 */
export const qoeRoutes: FastifyPluginAsyncZod<{
  qoeService: QoeService;
  feedbackUrl: string | null;
}> = async (app, { qoeService, feedbackUrl }) => {
  const staff = { access: ['Admin', 'CSR'] } as const;
  const tags = ['qoe'];
  const refusals = { 400: errorBodySchema, 404: errorBodySchema };

  app.post(
    apiPaths.qoeQuery,
    {
      config: staff,
      schema: {
        tags,
        summary:
          'The QoE report: each line’s scores over the last 24 hours, filtered by the seed’s bounds or one line, sorted and paged',
        body: qoeQuerySchema,
        response: { 200: qoeQueryResponseSchema, ...refusals },
      },
    },
    async (request) => qoeService.query(request.body),
  );

  app.get(
    apiPaths.qoeSpan,
    {
      config: { ...staff, lineScope: { query: 'lineOfServiceCode' } },
      schema: {
        tags,
        summary:
          'A line’s scores per 15-minute interval (spans up to two days) or per day, and whether its WAN is connected now',
        querystring: lineSpanQuerySchema.extend({
          lineOfServiceCode: losCodeParamsSchema.shape.losCode,
        }),
        response: { 200: qoeSpanResponseSchema, ...refusals },
      },
    },
    async (request) => qoeService.span(request.query.lineOfServiceCode, request.query),
  );

  app.get(
    apiPaths.individualQoeSpan,
    {
      config: { ...staff, lineScope: { param: 'losCode' } },
      schema: {
        tags,
        summary:
          'A line’s CPU, free RAM and WiFi scores over a span, its latest uptime score and what its latest scores read',
        params: losCodeParamsSchema,
        querystring: lineSpanQuerySchema,
        response: { 200: individualQoeResponseSchema, ...refusals },
      },
    },
    async (request) => qoeService.individual(request.params.losCode, request.query),
  );

  app.get(
    apiPaths.uptimeReport,
    {
      config: staff,
      schema: {
        tags,
        summary:
          'The 100 lines whose gateways rebooted most in 30 days, with their weighted average uptime',
        response: { 200: uptimeReportResponseSchema },
      },
    },
    async () => qoeService.uptimeReport(),
  );

  app.get(
    apiPaths.populationMetricSpan,
    {
      config: staff,
      schema: {
        tags,
        summary: 'A dashboard widget’s fleet-wide series over a span',
        params: z.object({ widgetPath: z.string().max(64) }),
        querystring: lineSpanQuerySchema,
        response: { 200: populationMetricResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => qoeService.populationMetric(request.params.widgetPath, request.query),
  );

  app.get(
    apiPaths.experienceRating,
    {
      config: staff,
      schema: {
        tags,
        summary: 'The fleet’s experience rating factors over the newest 15 minutes',
        response: { 200: experienceRatingResponseSchema },
      },
    },
    async () => qoeService.experienceRating(),
  );

  app.get(
    apiPaths.fleetMap,
    {
      config: staff,
      schema: {
        tags,
        summary: 'The fleet’s located gateways and their overall score',
        response: { 200: fleetMapResponseSchema },
      },
    },
    // Sent as the job stored it: a string with a JSON content type skips serialisation, which
    // for 10,000 gateways cost more than reading them.
    async (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await qoeService.fleetMap()) as unknown as FleetMapResponse),
  );

  app.get(
    apiPaths.feedbackSettings,
    {
      config: { access: 'signedIn', lineScope: 'none' },
      schema: {
        tags,
        summary: 'Where the feedback collector frame loads from (FEEDBACK_URL), null for none',
        response: { 200: feedbackSettingsResponseSchema },
      },
    },
    async () => ({ url: feedbackUrl }),
  );
};
