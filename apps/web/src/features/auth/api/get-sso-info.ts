import {
  apiPaths,
  type SignInMode,
  type SsoInfo,
  ssoInfoResponseSchema,
} from '@linesight/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';

/**
 * GET /api/user/v1/sso: `{}` when the portal signs staff in with local accounts; otherwise a
 * fresh authorization address of the identity provider, good for one attempt.
 */
export function getSsoInfo(): Promise<SsoInfo> {
  return apiRequest(apiPaths.sso, { schema: ssoInfoResponseSchema });
}

/**
 * The portal's sign-in mode does not change while a page is open. Step 1 of the sign-in page
 * still fetches afresh (`staleTime: 0`), since each attempt needs an address of its own.
 */
export const getSsoInfoQueryOptions = () =>
  queryOptions({ queryKey: ['sso-info'], queryFn: getSsoInfo, staleTime: Infinity });

export function portalSignInMode(info: SsoInfo): SignInMode {
  return info.ssoUrl ? 'sso' : 'cahUser';
}

/**
 * The portal's sign-in mode, undefined until known. A failed call counts as local accounts, as
 * on the sign-in page, which then shows the local form.
 */
export function usePortalSignInMode(enabled: boolean): SignInMode | undefined {
  const { data, isError } = useQuery({ ...getSsoInfoQueryOptions(), enabled });
  if (data) return portalSignInMode(data);
  return isError ? 'cahUser' : undefined;
}

/** The portal's sign-in mode for a route loader: cached once known, local accounts on failure. */
export async function fetchPortalSignInMode(queryClient: QueryClient): Promise<SignInMode> {
  try {
    return portalSignInMode(await queryClient.ensureQueryData(getSsoInfoQueryOptions()));
  } catch (error) {
    reportError('getting sso info', error);
    return 'cahUser';
  }
}
