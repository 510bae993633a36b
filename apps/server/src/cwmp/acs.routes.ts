import { acsPaths, isStorableText } from '@linesight/contract';
import type { Readable } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { acceptedEncodings, decodedBody } from '../ingest/content-encoding';
import type { AcsAnswer, AcsService } from './acs.service';
import type { AcsLine } from './cwmp.repository';
import type { AcsAuthenticator } from './http-auth';

export interface AcsRoutesOptions {
  acsService: AcsService;
  authenticator: AcsAuthenticator;
  /** The largest envelope taken: `CWMP_BODY_LIMIT_BYTES`. */
  bodyLimitBytes: number;
}

export const sessionCookie = 'cwmp-session';

/** Tokens are 128 bits in hex; a longer one is never looked up (as the collector does). */
const maxTokenLength = 128;

const unknownCredentials = (): ApiError =>
  new ApiError(401, 'REPORT.UNKNOWN_TOKEN', 'No line of service has these ACS credentials.');

function cookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === sessionCookie) return value.join('=');
  }
  return undefined;
}

function send(reply: FastifyReply, answer: AcsAnswer): FastifyReply {
  switch (answer.status) {
    case 200:
    case 500:
      if (answer.cookie) {
        void reply.header('set-cookie', `${sessionCookie}=${answer.cookie}; Path=/cwmp; HttpOnly`);
      }
      return reply.status(answer.status).type('text/xml; charset=utf-8').send(answer.xml);
    case 204:
      return reply.status(204).send();
    case 400:
      return reply.status(400).type('text/plain; charset=utf-8').send(answer.reason);
  }
}

/**
 * The ACS (decision 023, docs/tr069.md): a TR-069 gateway's sessions, on its line's own URL
 * (`/cwmp/v1/{token}`, the reporting token) or on the shared URL with HTTP Basic or Digest
 * credentials (the line of service code and the token). Public to the portal's access control;
 * each route checks its own credential before the body is read.
 */
export const acsRoutes: FastifyPluginAsyncZod<AcsRoutesOptions> = async (app, options) => {
  const { acsService, authenticator, bodyLimitBytes } = options;
  const lines = new WeakMap<FastifyRequest, AcsLine>();
  const lineOf = (request: FastifyRequest): AcsLine => {
    const line = lines.get(request);
    if (!line) throw unknownCredentials();
    return line;
  };

  // Gateways label envelopes text/xml, application/soap+xml, or anything at all: all are read
  // as text by this plugin alone, and an empty body is an empty POST.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /**
   * An envelope over the limit (decoded, when compressed) or a body that does not decode is
   * answered as every unreadable one is: 400 with the reason, the line's session cut off; an
   * unknown content coding gets 415 and the codings taken (RFC 7694), so the gateway may send
   * it again plain. Other failures go to the app's error handler.
   */
  const errorHandler = async (
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const tooLarge =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      (error instanceof ApiError && error.statusCode === 413);
    const undecodable = error instanceof ApiError && [400, 415].includes(error.statusCode);
    if (!tooLarge && !undecodable) throw error;
    const line = lines.get(request);
    if (line) await acsService.refuse(line);
    const reason = tooLarge
      ? `The envelope is larger than ${bodyLimitBytes} bytes (CWMP_BODY_LIMIT_BYTES).`
      : error.message;
    if (error instanceof ApiError && error.statusCode === 415) {
      return reply.status(415).type('text/plain; charset=utf-8').send(reason);
    }
    return send(reply, { status: 400, reason });
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const body = typeof request.body === 'string' ? request.body : '';
    return send(reply, await acsService.receive(lineOf(request), body, cookieOf(request)));
  };

  const common = {
    config: { access: 'public' as const },
    // A browser never loads these answers: the portal's security headers are not for them.
    helmet: false as const,
    bodyLimit: bodyLimitBytes,
    errorHandler,
    // Envelopes may come compressed as Bulk Data bodies do (gzip, deflate, compress).
    preParsing: async (request: FastifyRequest, reply: FastifyReply, payload: Readable) => {
      void reply.header('accept-encoding', acceptedEncodings);
      return decodedBody(payload, request.headers['content-encoding'], bodyLimitBytes);
    },
  };

  app.post(
    acsPaths.line,
    {
      ...common,
      schema: {
        tags: ['acs'],
        summary: 'A TR-069 gateway’s CWMP session on its line’s ACS URL (SOAP 1.1 envelopes)',
        params: z.object({ token: z.string() }),
      },
      onRequest: async (request) => {
        const { token } = request.params;
        const line =
          token.length <= maxTokenLength && isStorableText(token)
            ? await acsService.lineByToken(token)
            : undefined;
        if (!line) throw unknownCredentials();
        lines.set(request, line);
      },
    },
    handler,
  );

  app.post(
    acsPaths.shared,
    {
      ...common,
      schema: {
        tags: ['acs'],
        summary:
          'A TR-069 gateway’s CWMP session on the shared ACS URL, with Basic or Digest ' +
          'credentials: the line of service code and its reporting token',
      },
      onRequest: async (request, reply) => {
        const presented = authenticator.read(
          request.headers.authorization,
          request.method,
          request.url,
        );
        const line =
          presented && presented !== 'stale' && isStorableText(presented.username)
            ? await acsService.lineByCode(presented.username)
            : undefined;
        if (
          !line ||
          !presented ||
          presented === 'stale' ||
          !presented.verify(line.reportingToken)
        ) {
          void reply.header('www-authenticate', authenticator.challenges(presented === 'stale'));
          throw unknownCredentials();
        }
        lines.set(request, line);
      },
    },
    handler,
  );
};
