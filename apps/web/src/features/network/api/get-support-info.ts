import { apiPaths, type SupportInfo, supportInfoSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

/** The gateway's support information; null before its first report (204). */
export async function getSupportInfo(losCode: string): Promise<SupportInfo | null> {
  const info = await apiRequest(generatePath(apiPaths.supportInfo, { code: losCode }), {
    schema: supportInfoSchema.optional(),
  });
  return info ?? null;
}

export const supportInfoQueryOptions = (losCode: string) =>
  queryOptions({ queryKey: ['support-info', losCode], queryFn: () => getSupportInfo(losCode) });

export function useSupportInfo(losCode: string, enabled = true) {
  return useQuery({ ...supportInfoQueryOptions(losCode), enabled });
}
