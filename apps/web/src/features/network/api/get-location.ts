import {
  apiPaths,
  type LineOfServiceLocation,
  lineOfServiceLocationSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

/** Where the line's gateway is; null when neither the gateway nor a user set it (204). */
export async function getLocation(losCode: string): Promise<LineOfServiceLocation | null> {
  const location = await apiRequest(
    generatePath(apiPaths.lineOfServiceLocation, { code: losCode }),
    { schema: lineOfServiceLocationSchema.optional() },
  );
  return location ?? null;
}

export const locationQueryKey = (losCode: string) => ['location', losCode] as const;

export const locationQueryOptions = (losCode: string) =>
  queryOptions({ queryKey: locationQueryKey(losCode), queryFn: () => getLocation(losCode) });

export function useGatewayLocation(losCode: string) {
  return useQuery(locationQueryOptions(losCode));
}
