import {
  apiPaths,
  type ChangePassphraseWithTokenRequest,
  changePassphraseWithTokenResponseSchema,
} from '@linesight/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A 401 or 403 here is an expired link, not a lost session. */
export function changePassphraseWithToken(
  request: ChangePassphraseWithTokenRequest,
): Promise<{ email: string }> {
  return apiRequest(apiPaths.changePassphraseWithToken, {
    method: 'POST',
    body: request,
    schema: changePassphraseWithTokenResponseSchema,
    expectsUnauthorized: true,
  });
}

export function useChangePassphraseWithToken() {
  return useMutation({ mutationFn: changePassphraseWithToken });
}
