import {
  apiPaths,
  type LocalNetworkResponse,
  localNetworkResponseSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import type { LineQueryOptions } from '../refresh';

/** The line's LAN devices, online first; null before the gateway's first report (204). */
export async function getLocalNetwork(losCode: string): Promise<LocalNetworkResponse | null> {
  const network = await apiRequest(generatePath(apiPaths.localNetwork, { code: losCode }), {
    schema: localNetworkResponseSchema.optional(),
  });
  return network ?? null;
}

export const localNetworkQueryKey = (losCode: string) => ['local-network', losCode] as const;

export const localNetworkQueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: localNetworkQueryKey(losCode),
    queryFn: () => getLocalNetwork(losCode),
  });

export function useLocalNetwork(losCode: string, options: LineQueryOptions = {}) {
  return useQuery({ ...localNetworkQueryOptions(losCode), ...options });
}
