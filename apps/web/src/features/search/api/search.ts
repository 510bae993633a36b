import {
  apiPaths,
  type SearchResult,
  searchResponseSchema,
  totalResultsHeader,
} from '@linesight/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiResponse } from '../../../lib/api-client';

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
  const query = new URLSearchParams({
    page: String(request.page),
    pageSize: String(request.pageSize),
    unassociatedOnly: String(request.unassociatedOnly),
  });
  const { data, headers } = await apiResponse(
    `${generatePath(apiPaths.search, { query: request.term })}?${query}`,
    {
      schema: searchResponseSchema,
    },
  );
  return { results: data, total: Number(headers.get(totalResultsHeader) ?? data.length) };
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
