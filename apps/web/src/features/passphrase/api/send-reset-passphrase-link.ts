import { apiPaths, type SendResetPassphraseLinkRequest } from '@linesight/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function sendResetPassphraseLink(request: SendResetPassphraseLinkRequest): Promise<void> {
  return apiRequest(apiPaths.sendResetPassphraseLink, { method: 'POST', body: request });
}

export function useSendResetPassphraseLink() {
  return useMutation({ mutationFn: sendResetPassphraseLink });
}
