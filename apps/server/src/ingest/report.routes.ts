import {
  errorBodySchema,
  reportAcceptedSchema,
  type ReportFormat,
  reportFormats,
  reportPaths,
  reportQuerySchema,
  reportTokenParamsSchema,
} from '@linesight/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../http/api-error';
import { acceptedEncodings, decodedBody } from './content-encoding';
import type { IngestService } from './ingest.service';

export interface ReportRoutesOptions {
  ingestService: IngestService;
  /** Largest body accepted, counted after decompression (so no zip bomb gets through). */
  bodyLimitBytes: number;
}

/** The format the agent names in `BBF-Report-Format` (R-BULK.8 writes it quoted), if any. */
function declaredFormatOf(request: FastifyRequest): ReportFormat | undefined {
  const header = request.headers['bbf-report-format'];
  if (header === undefined) return undefined;
  const value = String(header)
    .trim()
    .replace(/^"(.*)"$/, '$1');
  const format = reportFormats.find((known) => known === value);
  if (!format) {
    throw new ApiError(
      400,
      'REPORT.MALFORMED',
      `The BBF-Report-Format header must be one of ${reportFormats.join(', ')}.`,
    );
  }
  return format;
}

/**
 * The collector: gateways send TR-181 Bulk Data, JSON or CSV, by POST or PUT to their reporting
 * URL (docs/reporting-protocol.md). The URL's token is the gateway's credential, so the route is
 * public to the portal's access control and checks the token itself, before the body is read.
 */
export const reportRoutes: FastifyPluginAsyncZod<ReportRoutesOptions> = async (app, options) => {
  // These parsers are this plugin's alone: the portal's routes still take JSON only.
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (request, _payload, done) =>
    done(
      new ApiError(
        415,
        'REPORT.UNSUPPORTED_MEDIA_TYPE',
        `Content-Type ${request.headers['content-type'] ?? '(none)'} is not read: send Bulk ` +
          'Data as application/json or text/csv (EncodingType JSON or CSV).',
      ),
      undefined,
    ),
  );

  app.route({
    method: ['POST', 'PUT'],
    url: reportPaths.report,
    config: { access: 'public' },
    bodyLimit: options.bodyLimitBytes,
    schema: {
      tags: ['collector'],
      summary:
        'Receive Bulk Data reports: JSON (NameValuePair, ObjectHierarchy) or CSV ' +
        '(ParameterPerRow, ParameterPerColumn), optionally gzip, deflate or compress',
      params: reportTokenParamsSchema,
      querystring: reportQuerySchema,
      response: {
        200: reportAcceptedSchema,
        400: errorBodySchema,
        401: errorBodySchema,
        413: errorBodySchema,
        415: errorBodySchema,
      },
    },
    onRequest: async (request) => {
      // Not validated yet: any string is looked up, or refused unlooked (ingest.service.ts).
      await options.ingestService.refuseUnknownToken(request.params.token);
    },
    preParsing: async (request, reply, payload) => {
      // RFC 7694: the codings a request may use, which a 415 for an unknown one relies on.
      void reply.header('accept-encoding', acceptedEncodings);
      return decodedBody(payload, request.headers['content-encoding'], options.bodyLimitBytes);
    },
    handler: async (request) =>
      options.ingestService.receive(request.params.token, request.body, {
        encoding: typeof request.body === 'string' ? 'CSV' : 'JSON',
        declaredFormat: declaredFormatOf(request),
        query: request.query,
      }),
  });
};
