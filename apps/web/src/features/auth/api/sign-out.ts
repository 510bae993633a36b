import { apiPaths } from '@linesight/contract';
import { apiRequest } from '../../../lib/api-client';

/** Ends the session on the server too; an already-ended session is not an error here. */
export function signOutOnServer(): Promise<void> {
  return apiRequest(apiPaths.signOut, { method: 'POST', expectsUnauthorized: true });
}
