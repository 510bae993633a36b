import {
  apiPaths,
  type CreateUserRequest,
  type SystemUser,
  systemUserSchema,
} from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getUsersQueryOptions } from './get-users';

export function createUser(request: CreateUserRequest): Promise<SystemUser> {
  return apiRequest(apiPaths.user, { method: 'POST', body: request, schema: systemUserSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
