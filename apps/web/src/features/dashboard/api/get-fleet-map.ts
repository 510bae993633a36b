import { apiPaths, type FleetMapResponse, fleetMapResponseSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardRefetchInterval } from '../widget-reading';

/** GET /api/fleetMap/v1 (demo mode): the fleet's located gateways, their score and alert. */
export function getFleetMap(): Promise<FleetMapResponse> {
  return apiRequest(apiPaths.fleetMap, { schema: fleetMapResponseSchema });
}

export const fleetMapQueryOptions = () =>
  queryOptions({ queryKey: ['fleet-map'], queryFn: getFleetMap });

export function useFleetMap() {
  return useQuery({ ...fleetMapQueryOptions(), refetchInterval: dashboardRefetchInterval });
}
