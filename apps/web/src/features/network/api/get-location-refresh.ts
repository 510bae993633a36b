import {
  apiPaths,
  type LineOfServiceLocation,
  lineOfServiceLocationSchema,
} from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { locationQueryKey } from './get-location';

/** Asks the location service again for the line's gateway; null when it knows none (204). */
export async function getLocationRefresh(losCode: string): Promise<LineOfServiceLocation | null> {
  const location = await apiRequest(
    generatePath(apiPaths.lineOfServiceLocationRefresh, { code: losCode }),
    { schema: lineOfServiceLocationSchema.optional() },
  );
  return location ?? null;
}

/** A GET the user asks for by a button: the answer replaces the location the panel shows. */
export function useLocationRefresh(losCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getLocationRefresh(losCode),
    onSuccess: (location) => queryClient.setQueryData(locationQueryKey(losCode), location),
  });
}
