import {
  type AuthenticateRequest,
  apiPaths,
  authenticateResponseSchema,
  type SessionUser,
} from '@linesight/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function authenticate(request: AuthenticateRequest): Promise<SessionUser> {
  return apiRequest(apiPaths.authenticate, {
    method: 'POST',
    body: request,
    schema: authenticateResponseSchema,
    expectsUnauthorized: true,
  });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
