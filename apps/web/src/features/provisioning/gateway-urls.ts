import type { ReportingUrlResponse } from '@linesight/contract';

/**
 * What a TR-069 gateway configured with one ACS URL and per-line credentials is given instead
 * of its line's ACS URL (docs/decisions/023-tr069-acs.md): the ACS URL without its token, the
 * line of service code as username, and the token as password.
 */
export interface SharedAcsAccess {
  url: string;
  username: string;
  password: string;
}

/** The shared ACS URL and credentials of a line, from its `{PUBLIC_URL}/cwmp/v1/{token}`. */
export function sharedAcsAccess(
  urls: Pick<ReportingUrlResponse, 'lineOfServiceCode' | 'acsUrl'>,
): SharedAcsAccess {
  const lastSlash = urls.acsUrl.lastIndexOf('/');
  return {
    url: urls.acsUrl.slice(0, lastSlash),
    username: urls.lineOfServiceCode,
    password: urls.acsUrl.slice(lastSlash + 1),
  };
}
