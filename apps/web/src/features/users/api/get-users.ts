import {
  apiPaths,
  nextPageHeader,
  type SystemUser,
  usersPageResponseSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';

/** Every system user: the pages are followed through x-next-page until none remains. */
export async function getUsers(): Promise<SystemUser[]> {
  const users: SystemUser[] = [];
  let page: number | undefined = 1;
  while (page !== undefined) {
    const answer: { data: SystemUser[]; headers: Headers } = await apiResponse(
      `${apiPaths.users}?page=${page}&pageSize=100`,
      { schema: usersPageResponseSchema },
    );
    users.push(...answer.data);
    const next = answer.headers.get(nextPageHeader);
    page = next ? Number(next) : undefined;
  }
  return users;
}

export const getUsersQueryOptions = () => queryOptions({ queryKey: ['users'], queryFn: getUsers });

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
