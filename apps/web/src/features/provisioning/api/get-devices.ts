import {
  apiPaths,
  type DeviceLine,
  devicesSearchResponseSchema,
  totalResultsHeader,
} from '@linesight/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';

export interface DevicesRequest {
  searchPattern: string;
  hideAssociated: boolean;
  page: number;
  pageSize: number;
}

export async function getDevices(
  request: DevicesRequest,
): Promise<{ devices: DeviceLine[]; total: number }> {
  const query = new URLSearchParams({
    searchPattern: request.searchPattern,
    hideAssociated: String(request.hideAssociated),
    page: String(request.page),
    pageSize: String(request.pageSize),
  });
  const { data, headers } = await apiResponse(`${apiPaths.devicesSearch}?${query}`, {
    schema: devicesSearchResponseSchema,
  });
  return { devices: data, total: Number(headers.get(totalResultsHeader) ?? data.length) };
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
