import { apiPaths, consumerAccountSchema, type PutConsumerRequest } from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { type ConsumerAccount, getSubscriberConsumerQueryOptions } from './get-subscriber-consumer';

export interface PutSubscriberConsumerRequest extends PutConsumerRequest {
  subscriberCode: string;
}

/** PUT /api/subscriber/v1/{code}/consumer: sets or replaces the My Network sign-in. */
export function putSubscriberConsumer({
  subscriberCode,
  username,
  passphrase,
}: PutSubscriberConsumerRequest): Promise<ConsumerAccount> {
  return apiRequest(generatePath(apiPaths.subscriberConsumer, { code: subscriberCode }), {
    method: 'PUT',
    body: { username, passphrase },
    schema: consumerAccountSchema,
  });
}

export function usePutSubscriberConsumer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSubscriberConsumer,
    onSuccess: (_account, { subscriberCode }) =>
      queryClient.invalidateQueries({
        queryKey: getSubscriberConsumerQueryOptions(subscriberCode).queryKey,
      }),
  });
}
