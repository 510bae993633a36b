import {
  apiPaths,
  createUserRequestSchema,
  errorBodySchema,
  nextPageHeader,
  rolesResponseSchema,
  systemUserRoles,
  systemUserSchema,
  totalUsersHeader,
  updateUserRequestSchema,
  userIdParamsSchema,
  usersPageQuerySchema,
  usersPageResponseSchema,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/actor';
import type { UsersService } from './users.service';

/** User management: admins only (seed 000 section 6); consumers and CSRs get 403. */
export const usersRoutes: FastifyPluginAsyncZod<{ usersService: UsersService }> = async (
  app,
  { usersService },
) => {
  const adminsOnly = { access: ['Admin'] } as const;
  const refusals = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  app.get(
    apiPaths.roles,
    {
      config: adminsOnly,
      schema: {
        tags: ['users'],
        summary: 'Roles a system user may have',
        response: { 200: rolesResponseSchema },
      },
    },
    async () => [...systemUserRoles],
  );

  app.get(
    apiPaths.users,
    {
      config: adminsOnly,
      schema: {
        tags: ['users'],
        summary: `A page of system users; ${totalUsersHeader} gives the total, ${nextPageHeader} the next page while one remains`,
        querystring: usersPageQuerySchema,
        response: { 200: usersPageResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await usersService.listPage(request.query.page, request.query.pageSize);
      reply.header(totalUsersHeader, String(page.total));
      if (page.nextPage !== undefined) reply.header(nextPageHeader, String(page.nextPage));
      return page.users;
    },
  );

  app.post(
    apiPaths.user,
    {
      config: adminsOnly,
      schema: {
        tags: ['users'],
        summary: 'Create a system user (role CSR unless given)',
        body: createUserRequestSchema,
        response: { 201: systemUserSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await usersService.create(actorOf(request), request.body)),
  );

  app.put(
    apiPaths.userById,
    {
      config: adminsOnly,
      schema: {
        tags: ['users'],
        summary: 'Update a system user',
        params: userIdParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: systemUserSchema, ...refusals },
      },
    },
    async (request) => usersService.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    apiPaths.userById,
    {
      config: adminsOnly,
      schema: {
        tags: ['users'],
        summary: 'Delete a system user; their sessions end',
        params: userIdParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await usersService.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
