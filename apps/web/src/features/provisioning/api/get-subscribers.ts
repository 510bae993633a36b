import { apiPaths, type Subscriber, subscribersSearchResponseSchema } from '@linesight/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPage } from '../../../lib/api-client';

export interface SubscribersRequest {
  subCodePattern: string;
  hideAssociated: boolean;
  page: number;
  pageSize: number;
}

export async function getSubscribers(
  request: SubscribersRequest,
): Promise<{ subscribers: Subscriber[]; total: number }> {
  const { rows, total } = await getPage(
    apiPaths.subscribersSearch,
    { ...request },
    subscribersSearchResponseSchema,
  );
  return { subscribers: rows, total };
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
