import { apiPaths, type DeviceLine, deviceLineSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

export function getSubscriberDevice(losCode: string): Promise<DeviceLine> {
  return apiRequest(generatePath(apiPaths.subscriberDevice, { code: losCode }), {
    schema: deviceLineSchema,
  });
}

export const getSubscriberDeviceQueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: ['subscriber-device', losCode],
    queryFn: () => getSubscriberDevice(losCode),
  });

export function useSubscriberDevice(losCode: string) {
  return useQuery(getSubscriberDeviceQueryOptions(losCode));
}
