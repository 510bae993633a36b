import { apiPaths, type LocalNetworkUpdate } from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { localNetworkQueryKey } from './get-local-network';

/** Saves users' names and icons for devices of the line. */
export function putLocalNetwork(losCode: string, update: LocalNetworkUpdate): Promise<void> {
  return apiRequest(generatePath(apiPaths.localNetwork, { code: losCode }), {
    method: 'PUT',
    body: update,
  });
}

export function usePutLocalNetwork(losCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: LocalNetworkUpdate) => putLocalNetwork(losCode, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localNetworkQueryKey(losCode) }),
  });
}
