import { apiPaths, type SearchResult, searchResponseSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Suggestions before a term is typed: the most recently changed lines of service. */
export function getInterestingSearch(): Promise<SearchResult[]> {
  return apiRequest(apiPaths.interestingSearch, { schema: searchResponseSchema });
}

export const interestingSearchQueryOptions = () =>
  queryOptions({ queryKey: ['interesting-search'], queryFn: getInterestingSearch });

export function useInterestingSearch(enabled: boolean) {
  return useQuery({ ...interestingSearchQueryOptions(), enabled });
}
