import {
  type AuthenticateRequest,
  apiPaths,
  authenticateResponseSchema,
  type SessionUser,
} from '@linesight/contract';
import { apiRequest } from './api-client';

/** POST /api/user/v1/authenticate: sign-in itself, and the sign-in after a passphrase reset. */
export function authenticate(request: AuthenticateRequest): Promise<SessionUser> {
  return apiRequest(apiPaths.authenticate, {
    method: 'POST',
    body: request,
    schema: authenticateResponseSchema,
    expectsUnauthorized: true,
  });
}
