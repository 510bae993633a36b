import { apiPaths, type SearchResult, searchResponseSchema } from '@linesight/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { getPage } from '../../../lib/api-client';

export interface SearchRequest {
  term: string;
  page: number;
  pageSize: number;
  unassociatedOnly: boolean;
}

export interface SearchPage {
  results: SearchResult[];
  total: number;
}

export async function search(request: SearchRequest): Promise<SearchPage> {
  const { term, ...query } = request;
  const { rows, total } = await getPage(
    generatePath(apiPaths.search, { query: term }),
    query,
    searchResponseSchema,
  );
  return { results: rows, total };
}

export const searchQueryOptions = (request: SearchRequest) =>
  queryOptions({
    queryKey: ['search', request],
    queryFn: () => search(request),
    placeholderData: keepPreviousData,
  });

export function useSearch(request: SearchRequest | null) {
  return useQuery({
    ...searchQueryOptions(request ?? { term: '', page: 1, pageSize: 25, unassociatedOnly: false }),
    enabled: request !== null,
  });
}
