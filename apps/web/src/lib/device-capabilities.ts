import {
  apiPaths,
  type Capability,
  type DeviceCapabilities,
  deviceCapabilitiesSchema,
} from '@linesight/contract';
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

/**
 * What a screen says for a reading the line's gateway may not report at all (a TR-098 one has no
 * per-host byte counters, no associated devices' signal): "not reported", rather than zero or an
 * empty chart that looks like a quiet home. Capabilities stay set once seen, so a gateway that
 * reported the reading once and then missed a report still shows "no data" for the gap.
 */
export function notReportedText(
  capabilities: DeviceCapabilities | null | undefined,
  capability: Capability,
  notReported: string,
): string | undefined {
  return capabilities && !capabilities[capability] ? notReported : undefined;
}
