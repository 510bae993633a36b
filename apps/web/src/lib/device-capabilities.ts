import { apiPaths, type DeviceCapabilities, deviceCapabilitiesSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from './api-client';

/**
 * The capability flags the line's gateway has shown: the device details' block toggle and the
 * gateway status's client capabilities tab both read them, so the query lives in the shared layer.
 */
export function getDeviceCapabilities(losCode: string): Promise<DeviceCapabilities> {
  return apiRequest(generatePath(apiPaths.deviceCapabilities, { code: losCode }), {
    schema: deviceCapabilitiesSchema,
  });
}

export const deviceCapabilitiesQueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: ['device-capabilities', losCode],
    queryFn: () => getDeviceCapabilities(losCode),
  });

export function useDeviceCapabilities(losCode: string) {
  return useQuery(deviceCapabilitiesQueryOptions(losCode));
}
