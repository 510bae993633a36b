import { apiPaths } from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { getDevicesQueryOptions } from './get-devices';
import { getSubscribersQueryOptions } from './get-subscribers';

export function deprovisionDevice(lineOfServiceCode: string): Promise<void> {
  return apiRequest(generatePath(apiPaths.lineOfService, { code: lineOfServiceCode }), {
    method: 'DELETE',
  });
}

export function useDeprovisionDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deprovisionDevice,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getDevicesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getSubscribersQueryOptions().queryKey }),
      ]),
  });
}
