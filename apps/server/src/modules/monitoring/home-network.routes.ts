import {
  apiPaths,
  commandStatusSchema,
  deviceActionResponseSchema,
  deviceActionStatusQuerySchema,
  deviceCapabilitiesSchema,
  deviceCommandSchema,
  errorBodySchema,
  gatewaySchema,
  lineOfServiceCodeParamsSchema,
  lineOfServiceLocationSchema,
  lineOfServiceLocationUpdateSchema,
  localNetworkResponseSchema,
  localNetworkUpdateSchema,
  losCodeParamsSchema,
  supportInfoSchema,
  wifiSettingsSchema,
} from '@linesight/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/actor';
import type { HomeNetworkService } from './home-network.service';

/**
 * A line's home network (seed 001 sections 2, 3 and 7; docs/decisions/013): what the gateway
 * reported, what users set on it, and the command channel, for staff and the line's consumer.
 * A read whose gateway has not reported what it serves answers 204.
 */
export const homeNetworkRoutes: FastifyPluginAsyncZod<{
  homeNetworkService: HomeNetworkService;
}> = async (app, { homeNetworkService }) => {
  const line = {
    access: ['Admin', 'CSR', 'Consumer'],
    lineScope: { param: 'code' },
  } as const;
  const losLine = { ...line, lineScope: { param: 'losCode' } } as const;
  const tags = ['monitoring'];
  const params = lineOfServiceCodeParamsSchema;
  const refusals = { 400: errorBodySchema, 404: errorBodySchema };
  const noContent = { 204: z.null() };
  const orNoContent = <T>(reply: FastifyReply, value: T | null): T | FastifyReply =>
    value ?? reply.status(204).send(null);

  app.get(
    apiPaths.deviceCapabilities,
    {
      config: line,
      schema: {
        tags,
        summary: 'Every capability flag of the line’s gateway, true once it has shown it',
        params,
        response: { 200: deviceCapabilitiesSchema, ...noContent, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(reply, await homeNetworkService.capabilities(request.params.code)),
  );

  app.get(
    apiPaths.gateway,
    {
      config: line,
      schema: {
        tags,
        summary: 'The gateway as the summary shows it: online, WAN, health, addresses',
        params,
        response: { 200: gatewaySchema, ...noContent, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(reply, await homeNetworkService.gateway(request.params.code)),
  );

  app.get(
    apiPaths.supportInfo,
    {
      config: line,
      schema: {
        tags,
        summary: 'The support information of the footer: client id, WAN IP, versions',
        params,
        response: { 200: supportInfoSchema, ...noContent, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(reply, await homeNetworkService.supportInfo(request.params.code)),
  );

  app.get(
    apiPaths.localNetwork,
    {
      config: line,
      schema: {
        tags,
        summary: 'The line’s LAN devices, online first, then by name',
        params,
        response: { 200: localNetworkResponseSchema, ...noContent, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(reply, await homeNetworkService.localNetwork(request.params.code)),
  );

  app.put(
    apiPaths.localNetwork,
    {
      config: line,
      schema: {
        tags,
        summary: 'Set or clear the names and icons of the line’s devices, all or none',
        params,
        body: localNetworkUpdateSchema,
        response: { ...noContent, ...refusals },
      },
    },
    async (request, reply) => {
      await homeNetworkService.updateLocalNetwork(
        actorOf(request),
        request.params.code,
        request.body,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    apiPaths.lineOfServiceLocation,
    {
      config: line,
      schema: {
        tags,
        summary: 'The line’s location: a user’s while one is set, else the gateway’s',
        params,
        response: { 200: lineOfServiceLocationSchema, ...noContent, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(reply, await homeNetworkService.location(request.params.code)),
  );

  app.put(
    apiPaths.lineOfServiceLocation,
    {
      config: line,
      schema: {
        tags,
        summary:
          'Set the user’s location (lat and long), or delete it with an empty body; answers the location that now applies',
        params,
        body: lineOfServiceLocationUpdateSchema,
        response: { 200: lineOfServiceLocationSchema, ...noContent, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(
        reply,
        await homeNetworkService.updateLocation(
          actorOf(request),
          request.params.code,
          request.body,
        ),
      ),
  );

  app.get(
    apiPaths.lineOfServiceLocationRefresh,
    {
      config: line,
      schema: {
        tags,
        summary: 'The location the gateway itself last reported',
        params,
        response: { 200: lineOfServiceLocationSchema, ...noContent, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(reply, await homeNetworkService.refreshedLocation(request.params.code)),
  );

  app.get(
    apiPaths.wifiSettings,
    {
      config: line,
      schema: {
        tags,
        summary: 'The gateway’s WiFi radios and networks as last reported',
        params,
        response: { 200: wifiSettingsSchema, ...noContent, ...refusals },
      },
    },
    async (request, reply) =>
      orNoContent(reply, await homeNetworkService.wifiSettings(request.params.code)),
  );

  app.post(
    apiPaths.deviceActionRequest,
    {
      config: losLine,
      schema: {
        tags,
        summary: 'Queue a command for the line’s gateway; answers its messageId as data',
        params: losCodeParamsSchema,
        body: deviceCommandSchema,
        response: { 200: deviceActionResponseSchema, 409: errorBodySchema, ...refusals },
      },
    },
    async (request) => ({
      data: await homeNetworkService.requestAction(
        actorOf(request),
        request.params.losCode,
        request.body,
      ),
    }),
  );

  app.get(
    apiPaths.deviceActionStatus,
    {
      config: losLine,
      schema: {
        tags,
        summary: 'A command’s state: REQUESTED, PENDING, TIMEOUT-1, TIMEOUT-2, ACK, NAK, EXPIRED',
        params: losCodeParamsSchema,
        querystring: deviceActionStatusQuerySchema,
        response: { 200: commandStatusSchema, ...refusals },
      },
    },
    async (request) =>
      homeNetworkService.actionStatus(request.params.losCode, request.query.messageId),
  );
};
