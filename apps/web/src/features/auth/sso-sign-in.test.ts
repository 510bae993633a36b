import type { SessionUser, SsoInfo } from '@linesight/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  providerAnswerIn,
  runSsoSignIn,
  type SsoSignInSteps,
  type SsoStatus,
  startSsoSignIn,
} from './sso-sign-in';

const ssoUser: SessionUser = {
  id: 'u1',
  email: 'agent@example.com',
  name: 'Agent',
  role: 'CSR',
  linesOfService: [],
  idToken: 'id-token',
  ssoLogoutUrl: 'https://idp.example/logout',
};

const ssoUrl = 'https://idp.example/authorize?state=s1';

/** The page's side of the steps, recorded; `info` and `signIn` answer as the server would. */
function fakeSteps({
  info = () => Promise.resolve({ ssoUrl }),
  signIn = () => Promise.resolve(ssoUser),
}: {
  info?: () => Promise<SsoInfo>;
  signIn?: SsoSignInSteps['signIn'];
} = {}) {
  const statuses: SsoStatus['step'][] = [];
  const sut = {
    getSsoInfo: vi.fn(info),
    signIn: vi.fn(signIn),
    redirectToProvider: vi.fn(),
    forgetProviderAnswer: vi.fn(),
    onSignedIn: vi.fn(() => Promise.resolve()),
    onStatus: vi.fn((status: SsoStatus) => void statuses.push(status.step)),
    reportError: vi.fn(),
  } satisfies SsoSignInSteps;
  return { sut, statuses };
}

const lastStatus = (steps: SsoSignInSteps): SsoStatus | undefined =>
  vi.mocked(steps.onStatus).mock.lastCall?.[0];

describe(runSsoSignIn.name, () => {
  it('should show the local form when the portal uses local accounts ({})', async () => {
    const { sut, statuses } = fakeSteps({ info: () => Promise.resolve({}) });
    await runSsoSignIn(new URLSearchParams(), sut);
    expect(statuses).toEqual(['checking', 'localAccounts']);
    expect(sut.redirectToProvider).not.toHaveBeenCalled();
  });

  it('should show step 1 and go to the identity provider when the portal gives an ssoUrl', async () => {
    const { sut, statuses } = fakeSteps();
    await runSsoSignIn(new URLSearchParams(), sut);
    expect(statuses).toEqual(['checking', 'step1AuthenticateWithIdP']);
    expect(sut.redirectToProvider).toHaveBeenCalledWith(ssoUrl);
    expect(sut.signIn).not.toHaveBeenCalled();
  });

  it('should fall back to the local form, and report it, when the server cannot say', async () => {
    const failure = new ApiError(503, 'SERVER.DATABASE_UNAVAILABLE', undefined);
    const { sut, statuses } = fakeSteps({ info: () => Promise.reject(failure) });
    await runSsoSignIn(new URLSearchParams(), sut);
    expect(statuses).toEqual(['checking', 'localAccounts']);
    expect(sut.reportError).toHaveBeenCalledWith('getting sso info', failure);
  });

  it('should trade the code and state of the provider for a session in step 2, then sign in', async () => {
    const { sut, statuses } = fakeSteps();
    await runSsoSignIn(new URLSearchParams('code=c1&state=s1'), sut);
    expect(statuses).toEqual(['step2AuthCodeToService']);
    expect(sut.getSsoInfo).not.toHaveBeenCalled();
    expect(sut.signIn).toHaveBeenCalledWith({ code: 'c1', state: 's1' });
    expect(sut.onSignedIn).toHaveBeenCalledWith(ssoUser);
  });

  it('should pass the provider’s iss along when it sends one', async () => {
    const { sut } = fakeSteps();
    await runSsoSignIn(new URLSearchParams('code=c1&state=s1&iss=https%3A%2F%2Fidp.example'), sut);
    expect(sut.signIn).toHaveBeenCalledWith({
      code: 'c1',
      state: 's1',
      iss: 'https://idp.example',
    });
  });

  it('should drop the code from the address before using it, so a reload never sends it again', async () => {
    const { sut } = fakeSteps({
      signIn: () => {
        expect(sut.forgetProviderAnswer).toHaveBeenCalled();
        return Promise.resolve(ssoUser);
      },
    });
    await runSsoSignIn(new URLSearchParams('code=c1&state=s1'), sut);
    expect(sut.signIn).toHaveBeenCalledOnce();
  });

  it('should end in ssoError with the server’s answer when step 2 is refused, and not sign in', async () => {
    const refusal = new ApiError(401, 'SSO.NOT_PERMITTED', {
      error: { code: 'SSO.NOT_PERMITTED', message: 'not permitted' },
    });
    const { sut, statuses } = fakeSteps({ signIn: () => Promise.reject(refusal) });
    await runSsoSignIn(new URLSearchParams('code=c1&state=s1'), sut);
    expect(statuses).toEqual(['step2AuthCodeToService', 'ssoError']);
    expect(lastStatus(sut)).toEqual({ step: 'ssoError', error: refusal });
    expect(sut.onSignedIn).not.toHaveBeenCalled();
    expect(sut.reportError).toHaveBeenCalled();
  });

  it('should end in ssoError when the provider sends an error instead of a code', async () => {
    const { sut, statuses } = fakeSteps();
    await runSsoSignIn(new URLSearchParams('error=access_denied&state=s1'), sut);
    expect(statuses).toEqual(['ssoError']);
    expect(sut.forgetProviderAnswer).toHaveBeenCalled();
    expect(sut.signIn).not.toHaveBeenCalled();
  });
});

describe(startSsoSignIn.name, () => {
  it('should restart at step 1 with a fresh address when retried after an error', async () => {
    const { sut, statuses } = fakeSteps({ signIn: () => Promise.reject(new Error('offline')) });
    await runSsoSignIn(new URLSearchParams('code=c1&state=s1'), sut);
    expect(lastStatus(sut)?.step).toBe('ssoError');

    await startSsoSignIn(sut, { freshLogin: true });
    expect(statuses.slice(-2)).toEqual(['checking', 'step1AuthenticateWithIdP']);
    expect(sut.getSsoInfo).toHaveBeenCalledOnce();
    expect(sut.redirectToProvider).toHaveBeenCalledOnce();
  });

  it('should ask the provider for a fresh login on a retry, so another account can sign in', async () => {
    const { sut } = fakeSteps();
    await startSsoSignIn(sut, { freshLogin: true });
    const address = new URL(vi.mocked(sut.redirectToProvider).mock.calls[0]?.[0] ?? '');
    expect(address.searchParams.get('prompt')).toBe('login');
    expect(address.searchParams.get('state')).toBe('s1');
    expect(`${address.origin}${address.pathname}`).toBe('https://idp.example/authorize');
  });
});

describe(providerAnswerIn.name, () => {
  it('should find no answer without both a code (or an error) and a state', () => {
    expect(providerAnswerIn(new URLSearchParams(''))).toBeNull();
    expect(providerAnswerIn(new URLSearchParams('code=c1'))).toBeNull();
    expect(providerAnswerIn(new URLSearchParams('error=access_denied'))).toBeNull();
  });
});
