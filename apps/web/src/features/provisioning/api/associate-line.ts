import { apiPaths, type DeviceLine, deviceLineSchema } from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { getDevicesQueryOptions } from './get-devices';
import { getSubscribersQueryOptions } from './get-subscribers';

export function associateLine({
  lineOfServiceCode,
  subscriberCode,
}: {
  lineOfServiceCode: string;
  subscriberCode: string;
}): Promise<DeviceLine> {
  return apiRequest(generatePath(apiPaths.lineOfService, { code: lineOfServiceCode }), {
    method: 'PUT',
    body: { subscriberCode },
    schema: deviceLineSchema,
  });
}

export function useAssociateLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: associateLine,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getDevicesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getSubscribersQueryOptions().queryKey }),
      ]),
  });
}
