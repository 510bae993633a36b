import type { Role, SessionUser, SignInMode } from '@linesight/contract';
import { buildHeader, sessionTokenHeader } from '@linesight/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, unauthenticated } from './api-error';

/**
 * Who may call a route: anyone, anyone signed in (MustChangePassphrase included), or the roles
 * listed. Every route must say; the server refuses to start when one does not.
 */
export type Access = 'public' | 'signedIn' | readonly Role[];

/**
 * Which line of service a route's data belongs to, so a consumer only ever reaches their own:
 * the path or query parameter holding the line's code, or `none` for a route that serves no
 * line's data (ping, sign-out). Every route open to consumers must say; the server refuses to
 * start otherwise.
 */
export type LineScope = 'none' | { param: string } | { query: string };

export interface AuthContext {
  /** The caller's session token, echoed back in x-cah-token. */
  token: string;
  user: SessionUser;
  signInMode: SignInMode | 'consumer';
}

/** A route as access control saw it registered, one method per entry. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  lineScope: LineScope | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    lineScope?: LineScope;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * Every route registered so far with what it declares, so a test can walk them all (a new
     * route falls into the route × role test without anyone listing it).
     */
    declaredRoutes(): DeclaredRoute[];
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

function opensToConsumers(access: Access | undefined): boolean {
  return access === 'signedIn' || (Array.isArray(access) && access.includes('Consumer'));
}

/**
 * A consumer reaches only their own lines: any other code, existing or not, gets the same 403,
 * so the answer tells nothing about other subscribers.
 */
function assertOwnLine(request: FastifyRequest, ownLines: readonly string[]): void {
  const scope = request.routeOptions.config.lineScope;
  if (scope === undefined || scope === 'none') return;
  const values = ('param' in scope ? request.params : request.query) as
    Record<string, unknown> | undefined;
  const code = values?.['param' in scope ? scope.param : scope.query];
  if (typeof code !== 'string' || !ownLines.includes(code)) throw forbidden();
}

export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions): void {
  const routes: RouteOptions[] = [];
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('declaredRoutes', () =>
    routes.flatMap((route) =>
      [route.method].flat().map((method) => ({
        method,
        url: route.url,
        access: route.config?.access,
        lineScope: route.config?.lineScope,
      })),
    ),
  );
  // Checked once every plugin has had its say on the route's config.
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((route) => route.config?.access === undefined);
    if (undeclared.length > 0) {
      const names = undeclared.map((route) => `${String(route.method)} ${route.url}`);
      throw new Error(`Routes that do not declare who may call them: ${names.join(', ')}`);
    }
    const unscoped = routes.filter(
      (route) => opensToConsumers(route.config?.access) && route.config?.lineScope === undefined,
    );
    if (unscoped.length > 0) {
      const names = unscoped.map((route) => `${String(route.method)} ${route.url}`);
      throw new Error(
        `Routes open to consumers that do not declare their line scope: ${names.join(', ')}`,
      );
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
    if (request.auth.user.role === 'Consumer') {
      assertOwnLine(request, request.auth.user.linesOfService);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header(sessionTokenHeader, request.auth?.token ?? '');
    reply.header(buildHeader, options.buildId);
  });
}
