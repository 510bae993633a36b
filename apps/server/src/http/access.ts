import type { Role, SessionUser, SignInMode } from '@linesight/contract';
import { buildHeader, sessionTokenHeader } from '@linesight/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, unauthenticated } from './api-error';

/**
 * Who may call a route: anyone, anyone signed in (MustChangePassphrase included), or the roles
 * listed. Every route must say; the server refuses to start when one does not.
 */
export type Access = 'public' | 'signedIn' | readonly Role[];

export interface AuthContext {
  /** The caller's session token, echoed back in x-cah-token. */
  token: string;
  user: SessionUser;
  signInMode: SignInMode | 'consumer';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in caller of a route whose access is not public. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export interface AccessControlOptions {
  resolveSession(token: string): Promise<AuthContext | null>;
  buildId: string;
}

/** Marks every route registered in `scope` from now on as public (static files, API docs). */
export function declarePublicRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
}

export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions): void {
  const routes: RouteOptions[] = [];
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  // Checked once every plugin has had its say on the route's config.
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((route) => route.config?.access === undefined);
    if (undeclared.length > 0) {
      const names = undeclared.map((route) => `${String(route.method)} ${route.url}`);
      throw new Error(`Routes that do not declare who may call them: ${names.join(', ')}`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const token = request.headers[sessionTokenHeader];
    if (typeof token === 'string' && token.length > 0) {
      request.auth = await options.resolveSession(token);
    }
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    if (!request.auth) throw unauthenticated();
    if (access !== 'signedIn' && !access.includes(request.auth.user.role)) throw forbidden();
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header(sessionTokenHeader, request.auth?.token ?? '');
    reply.header(buildHeader, options.buildId);
  });
}
