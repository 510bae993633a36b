import { apiPaths, type Gateway, gatewaySchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import type { LineQueryOptions } from '../refresh';

/** The line's gateway as the summary shows it; null before its first report (204). */
export async function getGateway(losCode: string): Promise<Gateway | null> {
  const gateway = await apiRequest(generatePath(apiPaths.gateway, { code: losCode }), {
    schema: gatewaySchema.optional(),
  });
  return gateway ?? null;
}

export const gatewayQueryOptions = (losCode: string) =>
  queryOptions({ queryKey: ['gateway', losCode], queryFn: () => getGateway(losCode) });

export function useGateway(losCode: string, options: LineQueryOptions = {}) {
  return useQuery({ ...gatewayQueryOptions(losCode), ...options });
}
