import {
  apiPaths,
  type SystemUser,
  systemUserSchema,
  type UpdateUserRequest,
} from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { getUsersQueryOptions } from './get-users';

export function updateUser({
  id,
  ...request
}: UpdateUserRequest & { id: string }): Promise<SystemUser> {
  return apiRequest(generatePath(apiPaths.userById, { id }), {
    method: 'PUT',
    body: request,
    schema: systemUserSchema,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
