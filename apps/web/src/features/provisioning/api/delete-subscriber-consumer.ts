import { apiPaths } from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { getSubscriberConsumerQueryOptions } from './get-subscriber-consumer';

/** DELETE /api/subscriber/v1/{code}/consumer: removes the My Network sign-in (204). */
export function deleteSubscriberConsumer(subscriberCode: string): Promise<void> {
  return apiRequest(generatePath(apiPaths.subscriberConsumer, { code: subscriberCode }), {
    method: 'DELETE',
  });
}

export function useDeleteSubscriberConsumer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriberConsumer,
    onSuccess: (_nothing, subscriberCode) =>
      queryClient.invalidateQueries({
        queryKey: getSubscriberConsumerQueryOptions(subscriberCode).queryKey,
      }),
  });
}
