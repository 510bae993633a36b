import { apiPaths, type MapSettings, mapSettingsSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Where the map's tiles come from; the server's configuration does not change while it runs. */
export function getMapSettings(): Promise<MapSettings> {
  return apiRequest(apiPaths.mapSettings, { schema: mapSettingsSchema });
}

export const mapSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['map-settings'], queryFn: getMapSettings, staleTime: Infinity });

export function useMapSettings() {
  return useQuery(mapSettingsQueryOptions());
}
