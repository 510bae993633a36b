import { apiPaths, rolesResponseSchema, type SystemUserRole } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getRoles(): Promise<SystemUserRole[]> {
  return apiRequest(apiPaths.roles, { schema: rolesResponseSchema });
}

export const getRolesQueryOptions = () =>
  queryOptions({ queryKey: ['roles'], queryFn: getRoles, staleTime: Infinity });

export function useRoles() {
  return useQuery(getRolesQueryOptions());
}
