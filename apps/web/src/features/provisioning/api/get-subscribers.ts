import {
  apiPaths,
  type Subscriber,
  subscribersSearchResponseSchema,
  totalResultsHeader,
} from '@linesight/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';

export interface SubscribersRequest {
  subCodePattern: string;
  hideAssociated: boolean;
  page: number;
  pageSize: number;
}

export async function getSubscribers(
  request: SubscribersRequest,
): Promise<{ subscribers: Subscriber[]; total: number }> {
  const query = new URLSearchParams({
    subCodePattern: request.subCodePattern,
    hideAssociated: String(request.hideAssociated),
    page: String(request.page),
    pageSize: String(request.pageSize),
  });
  const { data, headers } = await apiResponse(`${apiPaths.subscribersSearch}?${query}`, {
    schema: subscribersSearchResponseSchema,
  });
  return { subscribers: data, total: Number(headers.get(totalResultsHeader) ?? data.length) };
}

export const getSubscribersQueryOptions = (request?: SubscribersRequest) =>
  queryOptions({
    queryKey: request ? ['subscribers', request] : ['subscribers'],
    queryFn: () =>
      getSubscribers(
        request ?? { subCodePattern: '', hideAssociated: false, page: 1, pageSize: 10 },
      ),
    placeholderData: keepPreviousData,
  });

export function useSubscribers(request: SubscribersRequest) {
  return useQuery(getSubscribersQueryOptions(request));
}
