import {
  apiPaths,
  associateRequestSchema,
  deviceLineSchema,
  devicesSearchQuerySchema,
  devicesSearchResponseSchema,
  errorBodySchema,
  lineOfServiceCodeParamsSchema,
  provisionRequestSchema,
  reportingUrlResponseSchema,
  totalResultsHeader,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/actor';
import type { DevicesService } from './devices.service';

/** Device provisioning, reporting URLs and association: admins only (seed 000 section 6). */
export const devicesRoutes: FastifyPluginAsyncZod<{ devicesService: DevicesService }> = async (
  app,
  { devicesService },
) => {
  const adminsOnly = { access: ['Admin'] } as const;
  const refusals = { 404: errorBodySchema, 409: errorBodySchema };

  app.get(
    apiPaths.devicesSearch,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary: `Lines of service whose code or device identifier contains searchPattern; ${totalResultsHeader} gives the total`,
        querystring: devicesSearchQuerySchema,
        response: { 200: devicesSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const { searchPattern, hideAssociated, page, pageSize } = request.query;
      const result = await devicesService.search(searchPattern, hideAssociated, page, pageSize);
      reply.header(totalResultsHeader, String(result.total));
      return result.devices;
    },
  );

  app.get(
    apiPaths.subscriberDevice,
    {
      config: { access: ['Admin', 'CSR', 'Consumer'], lineScope: { param: 'code' } },
      schema: {
        tags: ['monitoring'],
        summary: 'A line of service with its subscriber and device (seed 001 section 3)',
        params: lineOfServiceCodeParamsSchema,
        response: { 200: deviceLineSchema, ...refusals },
      },
    },
    async (request) => devicesService.line(request.params.code),
  );

  app.get(
    apiPaths.reportingUrl,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary: 'The reporting URL a line’s gateway posts to',
        params: lineOfServiceCodeParamsSchema,
        response: { 200: reportingUrlResponseSchema, ...refusals },
      },
    },
    async (request) => devicesService.reportingUrl(request.params.code),
  );

  app.post(
    apiPaths.provision,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary:
          'Provision a line (201) or re-provision it with a new reporting URL (200); with If-None-Match: * an existing code answers 409',
        body: provisionRequestSchema,
        response: { 200: reportingUrlResponseSchema, 201: reportingUrlResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const createOnly = request.headers['if-none-match'] === '*';
      const { created, ...answer } = await devicesService.provision(
        actorOf(request),
        request.body.lineOfServiceCode,
        createOnly,
      );
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.delete(
    apiPaths.lineOfService,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary: 'Deprovision: the line, its reporting URL and its recorded data are deleted',
        params: lineOfServiceCodeParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await devicesService.deprovision(actorOf(request), request.params.code);
      return reply.status(204).send(null);
    },
  );

  app.put(
    apiPaths.lineOfService,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary: 'Associate the line of service with a subscriber',
        params: lineOfServiceCodeParamsSchema,
        body: associateRequestSchema,
        response: { 200: deviceLineSchema, ...refusals },
      },
    },
    async (request) =>
      devicesService.associate(actorOf(request), request.params.code, request.body.subscriberCode),
  );
};
