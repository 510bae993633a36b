import {
  apiPaths,
  searchParamsSchema,
  searchQuerySchema,
  searchResponseSchema,
  totalResultsHeader,
} from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchService } from './search.service';

/** Search: CSR and Admin (seed 000 section 6). */
export const searchRoutes: FastifyPluginAsyncZod<{ searchService: SearchService }> = async (
  app,
  { searchService },
) => {
  const staff = { access: ['Admin', 'CSR'] } as const;

  app.get(
    apiPaths.search,
    {
      config: staff,
      schema: {
        tags: ['search'],
        summary: `Subscribers and lines whose names, codes, device type, identifier or MAC contain the query; ${totalResultsHeader} gives the total`,
        params: searchParamsSchema,
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request, reply) => {
      const { page, pageSize, unassociatedOnly } = request.query;
      const { results, total } = await searchService.search(
        request.params.query,
        unassociatedOnly,
        page,
        pageSize,
      );
      reply.header(totalResultsHeader, String(total));
      return results;
    },
  );

  app.get(
    apiPaths.interestingSearch,
    {
      config: staff,
      schema: {
        tags: ['search'],
        summary:
          'Suggested results before a term is typed: the most recently changed lines of service',
        response: { 200: searchResponseSchema },
      },
    },
    async () => searchService.interesting(),
  );
};
