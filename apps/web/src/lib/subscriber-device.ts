import { apiPaths, type DeviceLine, deviceLineSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { ApiError, apiRequest } from './api-client';

/** The line of service with its subscriber and device; 404 when no such line exists. */
export function getSubscriberDevice(losCode: string): Promise<DeviceLine> {
  return apiRequest(generatePath(apiPaths.subscriberDevice, { code: losCode }), {
    schema: deviceLineSchema,
  });
}

export const subscriberDeviceQueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: ['subscriber-device', losCode],
    queryFn: () => getSubscriberDevice(losCode),
    // An unknown line stays unknown: asking again would only repeat the 404.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status === 404) && failureCount < 2,
  });

export function useSubscriberDevice(losCode: string) {
  return useQuery(subscriberDeviceQueryOptions(losCode));
}

/** Whether a failed call said the line does not exist. */
export function isUnknownLine(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
