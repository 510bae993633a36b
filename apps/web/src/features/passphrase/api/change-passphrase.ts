import {
  apiPaths,
  authenticateResponseSchema,
  type ChangePassphraseRequest,
  type SessionUser,
} from '@linesight/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A 401 here means the current passphrase is wrong (seed 000 section 7), not a lost session. */
export function changePassphrase(request: ChangePassphraseRequest): Promise<SessionUser> {
  return apiRequest(apiPaths.changePassphrase, {
    method: 'POST',
    body: request,
    schema: authenticateResponseSchema,
    expectsUnauthorized: true,
  });
}

export function useChangePassphrase() {
  return useMutation({ mutationFn: changePassphrase });
}
