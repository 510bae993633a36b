import {
  apiPaths,
  errorBodySchema,
  lineOfServiceCodeParamsSchema,
  wifiSpectrumAnalyzerSchema,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SiteSurveyService } from './site-survey.service';

/**
 * The site survey (seed 001 sections 2 and 7): staff and the line's own consumer, the one
 * gateway screen of this kind a consumer reaches. 204 before the gateway reports its radios
 * or a survey. Channel changes go through the device actions (home-network.routes.ts).
 */
export const siteSurveyRoutes: FastifyPluginAsyncZod<{
  siteSurveyService: SiteSurveyService;
}> = async (app, { siteSurveyService }) => {
  app.get(
    apiPaths.wifiSpectrumAnalyzer,
    {
      config: { access: ['Admin', 'CSR', 'Consumer'], lineScope: { param: 'code' } },
      schema: {
        tags: ['monitoring'],
        summary:
          'The networks each band’s radio hears, the gateway’s own networks, and a recommended channel per band',
        params: lineOfServiceCodeParamsSchema,
        response: {
          200: wifiSpectrumAnalyzerSchema,
          204: z.null(),
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      (await siteSurveyService.spectrumAnalyzer(request.params.code)) ??
      reply.status(204).send(null),
  );
};
