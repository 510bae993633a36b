import { createGunzip } from 'node:zlib';
import {
  errorBodySchema,
  reportAcceptedSchema,
  reportPaths,
  reportTokenParamsSchema,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import type { IngestService } from './ingest.service';

export interface ReportRoutesOptions {
  ingestService: IngestService;
  /** Largest body accepted, counted after gzip is undone (so no zip bomb gets through). */
  bodyLimitBytes: number;
}

/**
 * The collector: gateways POST TR-181 Bulk Data JSON to their reporting URL. The URL's token is
 * the gateway's credential, so the route is public to the portal's access control and checks
 * the token itself.
 */
export const reportRoutes: FastifyPluginAsyncZod<ReportRoutesOptions> = async (app, options) => {
  app.post(
    reportPaths.report,
    {
      config: { access: 'public' },
      bodyLimit: options.bodyLimitBytes,
      schema: {
        tags: ['collector'],
        summary:
          'Receive Bulk Data JSON reports (NameValuePair or ObjectHierarchy, optionally gzip)',
        params: reportTokenParamsSchema,
        body: z.unknown(),
        response: {
          200: reportAcceptedSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
        },
      },
      preParsing: async (request, _reply, payload) => {
        const encoding = request.headers['content-encoding'];
        if (encoding === undefined || encoding === 'identity') return payload;
        if (encoding !== 'gzip') {
          throw new ApiError(400, 'REPORT.MALFORMED', 'Content-Encoding must be gzip or identity.');
        }
        const gunzip = Object.assign(createGunzip(), { receivedEncodedLength: 0 });
        // Fastify compares the bytes received with Content-Length, which counts them compressed.
        payload.on('data', (chunk: Buffer) => (gunzip.receivedEncodedLength += chunk.length));
        gunzip.on('error', (error: Error & { statusCode?: number }) => {
          error.statusCode = 400;
        });
        return payload.pipe(gunzip);
      },
    },
    async (request) => options.ingestService.receive(request.params.token, request.body),
  );
};
