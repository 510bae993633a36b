import { apiPaths, type Subscriber, subscriberSchema } from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { getSubscribersQueryOptions } from './get-subscribers';

export interface PutSubscriberRequest {
  subscriberCode: string;
  name: string;
  /** Create mode: an existing code is refused (409) rather than renamed. */
  createOnly: boolean;
}

export function putSubscriber({
  subscriberCode,
  name,
  createOnly,
}: PutSubscriberRequest): Promise<Subscriber> {
  return apiRequest(generatePath(apiPaths.subscriber, { code: subscriberCode }), {
    method: 'PUT',
    body: { name },
    headers: createOnly ? { 'if-none-match': '*' } : {},
    schema: subscriberSchema,
  });
}

export function usePutSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSubscriber,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getSubscribersQueryOptions().queryKey }),
  });
}
