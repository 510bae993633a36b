import {
  apiPaths,
  authenticateResponseSchema,
  type SessionUser,
  type SsoSignInRequest,
} from '@linesight/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/user/v1/sso: step 2 of single sign-on, the provider's code and state for a session.
 * A 401 is an answer here (SSO.SIGN_IN_FAILED, SSO.NOT_PERMITTED), not a lost session.
 */
export function signInWithSso(request: SsoSignInRequest): Promise<SessionUser> {
  return apiRequest(apiPaths.sso, {
    method: 'POST',
    body: request,
    schema: authenticateResponseSchema,
    expectsUnauthorized: true,
  });
}
