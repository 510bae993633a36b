import {
  apiPaths,
  type QoeQuery,
  type QoeQueryResponse,
  qoeQueryResponseSchema,
} from '@linesight/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/qoe/v1/query: one sorted page of the lines whose scores are within the bounds. */
export function queryQoe(query: QoeQuery): Promise<QoeQueryResponse> {
  return apiRequest(apiPaths.qoeQuery, {
    method: 'POST',
    body: query,
    schema: qoeQueryResponseSchema,
  });
}

export const qoeQueryOptions = (query: QoeQuery) =>
  queryOptions({
    queryKey: ['qoe-query', query],
    queryFn: () => queryQoe(query),
    // The page and its total stay on screen while the next filters' answer comes.
    placeholderData: keepPreviousData,
  });

export function useQoeQuery(query: QoeQuery) {
  return useQuery(qoeQueryOptions(query));
}
