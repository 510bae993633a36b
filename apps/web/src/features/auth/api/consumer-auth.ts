import {
  apiPaths,
  authenticateResponseSchema,
  type ConsumerAuthRequest,
  type SessionUser,
} from '@linesight/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/v1/consumerAuth: a consumer signs in with their device-manager credentials. */
export function consumerAuthenticate(request: ConsumerAuthRequest): Promise<SessionUser> {
  return apiRequest(apiPaths.consumerAuth, {
    method: 'POST',
    body: request,
    schema: authenticateResponseSchema,
    expectsUnauthorized: true,
  });
}

export function useConsumerAuthenticate() {
  return useMutation({ mutationFn: consumerAuthenticate });
}
