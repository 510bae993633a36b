import { apiPaths, type LineOfServiceLocationUpdate } from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { locationQueryKey } from './get-location';

/** Sets the user's location of the line; `{}` deletes it, and the gateway's shows again. */
export function putLocation(losCode: string, update: LineOfServiceLocationUpdate): Promise<void> {
  return apiRequest(generatePath(apiPaths.lineOfServiceLocation, { code: losCode }), {
    method: 'PUT',
    body: update,
  });
}

export function usePutLocation(losCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: LineOfServiceLocationUpdate) => putLocation(losCode, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationQueryKey(losCode) }),
  });
}
