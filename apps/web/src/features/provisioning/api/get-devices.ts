import { apiPaths, type DeviceLine, devicesSearchResponseSchema } from '@linesight/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPage } from '../../../lib/api-client';

export interface DevicesRequest {
  searchPattern: string;
  hideAssociated: boolean;
  page: number;
  pageSize: number;
}

export async function getDevices(
  request: DevicesRequest,
): Promise<{ devices: DeviceLine[]; total: number }> {
  const { rows, total } = await getPage(
    apiPaths.devicesSearch,
    { ...request },
    devicesSearchResponseSchema,
  );
  return { devices: rows, total };
}

export const getDevicesQueryOptions = (request?: DevicesRequest) =>
  queryOptions({
    queryKey: request ? ['devices', request] : ['devices'],
    queryFn: () =>
      getDevices(request ?? { searchPattern: '', hideAssociated: false, page: 1, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });

export function useDevices(request: DevicesRequest) {
  return useQuery(getDevicesQueryOptions(request));
}
