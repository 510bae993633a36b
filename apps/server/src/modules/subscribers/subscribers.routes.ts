import {
  apiPaths,
  errorBodySchema,
  putSubscriberRequestSchema,
  subscriberCodeParamsSchema,
  subscriberSchema,
  subscribersSearchQuerySchema,
  subscribersSearchResponseSchema,
  totalResultsHeader,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/actor';
import type { SubscribersService } from './subscribers.service';

/** Subscriber provisioning: admins only (seed 000 section 6). */
export const subscribersRoutes: FastifyPluginAsyncZod<{
  subscribersService: SubscribersService;
}> = async (app, { subscribersService }) => {
  const adminsOnly = { access: ['Admin'] } as const;

  app.get(
    apiPaths.subscribersSearch,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary: `Subscribers whose code contains subCodePattern, by code; ${totalResultsHeader} gives the total`,
        querystring: subscribersSearchQuerySchema,
        response: { 200: subscribersSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const { subCodePattern, hideAssociated, page, pageSize } = request.query;
      const result = await subscribersService.search(
        subCodePattern,
        hideAssociated,
        page,
        pageSize,
      );
      reply.header(totalResultsHeader, String(result.total));
      return result.subscribers;
    },
  );

  app.put(
    apiPaths.subscriber,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary:
          'Create or rename a subscriber; with If-None-Match: * an existing code answers 409',
        params: subscriberCodeParamsSchema,
        body: putSubscriberRequestSchema,
        response: { 200: subscriberSchema, 201: subscriberSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const createOnly = request.headers['if-none-match'] === '*';
      const { subscriber, created } = await subscribersService.put(
        actorOf(request),
        request.params.code,
        request.body.name,
        createOnly,
      );
      return reply.status(created ? 201 : 200).send(subscriber);
    },
  );

  app.delete(
    apiPaths.subscriber,
    {
      config: adminsOnly,
      schema: {
        tags: ['provisioning'],
        summary: 'Delete a subscriber; its lines of service stay, unassociated',
        params: subscriberCodeParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await subscribersService.remove(actorOf(request), request.params.code);
      return reply.status(204).send(null);
    },
  );
};
