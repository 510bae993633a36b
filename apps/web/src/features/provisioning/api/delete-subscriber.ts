import { apiPaths } from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { getDevicesQueryOptions } from './get-devices';
import { getSubscribersQueryOptions } from './get-subscribers';

export function deleteSubscriber(subscriberCode: string): Promise<void> {
  return apiRequest(generatePath(apiPaths.subscriber, { code: subscriberCode }), {
    method: 'DELETE',
  });
}

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriber,
    // Its lines stay, unassociated: the device list changes too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getSubscribersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getDevicesQueryOptions().queryKey }),
      ]),
  });
}
