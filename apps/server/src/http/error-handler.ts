import type { ErrorBody, ErrorCode } from '@linesight/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors';
import { ApiError } from './api-error';

type ErrorReply = ErrorBody & Record<string, unknown>;

function body(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): ErrorReply {
  return { error: { code, message }, ...extra };
}

/**
 * One place turns every failure into `{ error: { code, message } }`. A 5xx is logged with its
 * context and answered without its details: no stack, no SQL reaches a caller.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: `${error.validationContext ?? 'request'}${issue.instancePath.replaceAll('/', '.')}`,
        message: issue.message ?? 'is invalid',
      }));
      return reply.status(400).send({
        error: { code: 'REQUEST.INVALID', message: 'The request is not valid.', details },
      } satisfies ErrorBody);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body('REQUEST.TOO_LARGE', 'The request body is too large.'));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(body('REQUEST.RATE_LIMITED', 'Too many requests; wait a moment and try again.'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, route: request.routeOptions.url }, 'database unavailable');
      return reply
        .status(503)
        .send(
          body(
            'SERVER.DATABASE_UNAVAILABLE',
            'The database is not available right now; try again shortly.',
          ),
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('REQUEST.INVALID', error.message));
    }
    request.log.error({ err: error, route: request.routeOptions.url }, 'request failed');
    return reply.status(500).send(body('SERVER.INTERNAL_ERROR', 'The server could not answer.'));
  });
}

/**
 * Fastify answers a path it cannot route (bad percent-encoding, a parameter longer than
 * maxParamLength) itself, before any hook or the error handler, in a shape of its own; given as
 * the `frameworkErrors` option, this answers those in the API's shape too.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: unknown,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  void reply
    .status(status)
    .send(
      status < 500
        ? body('REQUEST.INVALID', error.message)
        : body('SERVER.INTERNAL_ERROR', 'The server could not answer.'),
    );
}
