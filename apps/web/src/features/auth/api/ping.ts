import { apiPaths, type PingResponse, pingResponseSchema } from '@linesight/contract';
import { apiRequest } from '../../../lib/api-client';

/** The keep-alive (seed 000 section 4); a 401 here means the session has ended on the server. */
export function pingSecure(): Promise<PingResponse> {
  return apiRequest(apiPaths.pingSecure, { schema: pingResponseSchema });
}
