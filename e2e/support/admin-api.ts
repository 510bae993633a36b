import { apiPaths, type ReportingUrlResponse, sessionTokenHeader } from '@linesight/contract';
import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import { accounts, passphrase } from './e2e-settings';
import { sharedStaffSession } from './sign-in';

const withCode = (path: string, code: string) => path.replace(':code', encodeURIComponent(code));

/**
 * The admin's provisioning calls, for tests that need subscribers, lines and consumer sign-ins
 * in place before a screen opens. Every call is an upsert, so tests may repeat them.
 */
export async function signInAdminApi(request: APIRequestContext) {
  // The admin's session the worker's tests share (sign-in.ts): no passphrase check per call.
  const { token } = await sharedStaffSession(accounts.admin.email);

  const call = async (
    method: 'PUT' | 'POST',
    path: string,
    data: unknown,
  ): Promise<APIResponse> => {
    const response = await request.fetch(path, {
      method,
      data,
      headers: { [sessionTokenHeader]: token },
    });
    expect(response.ok(), `${method} ${path} answered ${response.status()}`).toBe(true);
    return response;
  };

  return {
    /** A subscriber with its lines of service provisioned and associated. */
    async subscriberWithLines(subscriberCode: string, name: string, lines: readonly string[]) {
      await call('PUT', withCode(apiPaths.subscriber, subscriberCode), { name });
      for (const lineOfServiceCode of lines) {
        await call('POST', apiPaths.provision, { lineOfServiceCode });
        await call('PUT', withCode(apiPaths.lineOfService, lineOfServiceCode), { subscriberCode });
      }
    },
    /** A subscriber with one line of service, provisioned and associated: its gateway's URLs. */
    async subscriberWithLine(
      subscriberCode: string,
      name: string,
      lineOfServiceCode: string,
    ): Promise<ReportingUrlResponse> {
      await call('PUT', withCode(apiPaths.subscriber, subscriberCode), { name });
      const provisioned = await call('POST', apiPaths.provision, { lineOfServiceCode });
      await call('PUT', withCode(apiPaths.lineOfService, lineOfServiceCode), { subscriberCode });
      return (await provisioned.json()) as ReportingUrlResponse;
    },
    /** The subscriber's My Network sign-in (the built-in device manager's credentials). */
    async consumerSignIn(subscriberCode: string, username: string, secret = passphrase) {
      await call('PUT', withCode(apiPaths.subscriberConsumer, subscriberCode), {
        username,
        passphrase: secret,
      });
    },
  };
}
