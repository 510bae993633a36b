import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { declarePublicRoutes } from '../http/access';
import { ApiError } from '../http/api-error';

const apiPrefixes = ['/api/', '/report/'];

/**
 * Serves the built React client. Hashed assets are cached for a year; index.html never is.
 * Any other GET outside the API answers index.html, so the client router handles deep links
 * (and sends unknown paths to /).
 */
export async function webRoutes(
  app: FastifyInstance,
  options: { webRoot: string | undefined },
): Promise<void> {
  const webRoot = options.webRoot;
  const hasClient = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  declarePublicRoutes(app);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = apiPrefixes.some((prefix) => request.url.startsWith(prefix));
    if (isApi || !['GET', 'HEAD'].includes(request.method) || !hasClient) {
      throw new ApiError(
        404,
        'REQUEST.NOT_FOUND',
        `No route ${request.method} ${request.url.split('?')[0]}.`,
      );
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
