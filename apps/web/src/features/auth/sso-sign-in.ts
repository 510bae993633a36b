import type { SessionUser, SsoInfo, SsoSignInRequest } from '@linesight/contract';

/**
 * Where single sign-on stands on the staff sign-in page: the seed's ssoStatus (step 1, step 2,
 * ssoError), after `checking` (asking the server whether single sign-on is on) and
 * `localAccounts` (it is not: the e-mail and passphrase form).
 */
export type SsoStatus =
  | { step: 'checking' }
  | { step: 'localAccounts' }
  | { step: 'step1AuthenticateWithIdP' }
  | { step: 'step2AuthCodeToService' }
  | { step: 'ssoError'; error: unknown };

/** What the steps need from the page, so they run the same in a test as in the browser. */
export interface SsoSignInSteps {
  getSsoInfo: () => Promise<SsoInfo>;
  signIn: (request: SsoSignInRequest) => Promise<SessionUser>;
  /** Leaves the portal for the identity provider. */
  redirectToProvider: (ssoUrl: string) => void;
  /** Drops the provider's answer from the address, so a reload never sends a used code again. */
  forgetProviderAnswer: () => void;
  onSignedIn: (user: SessionUser) => Promise<void>;
  onStatus: (status: SsoStatus) => void;
  reportError: (context: string, error: unknown) => void;
}

/** How the identity provider sent the browser back: with a code, or with an error. */
export type ProviderAnswer =
  { kind: 'code'; request: SsoSignInRequest } | { kind: 'error'; error: string };

/** The provider's answer in the sign-in page's query string (OpenID Connect, RFC 9207), if any. */
export function providerAnswerIn(query: URLSearchParams): ProviderAnswer | null {
  const code = query.get('code');
  const state = query.get('state');
  const iss = query.get('iss');
  if (code && state) return { kind: 'code', request: { code, state, ...(iss ? { iss } : {}) } };
  const error = query.get('error');
  if (error && state) return { kind: 'error', error };
  return null;
}

/**
 * Asks the provider to sign the user in afresh (OpenID Connect `prompt=login`). A retry after a
 * failure needs it: with its own session still open, the provider would send the same account
 * straight back, and a user the portal refuses could never sign in with another.
 */
export function withFreshLogin(ssoUrl: string): string {
  const url = new URL(ssoUrl);
  url.searchParams.set('prompt', 'login');
  return url.toString();
}

/**
 * Step 1: asks the server whether single sign-on is on; if so, leaves for the provider. A failed
 * question falls back to local accounts, whose form the server still answers for.
 */
export async function startSsoSignIn(
  steps: SsoSignInSteps,
  { freshLogin = false }: { freshLogin?: boolean } = {},
): Promise<void> {
  steps.onStatus({ step: 'checking' });
  let info: SsoInfo;
  try {
    info = await steps.getSsoInfo();
  } catch (error) {
    steps.reportError('getting sso info', error);
    steps.onStatus({ step: 'localAccounts' });
    return;
  }
  if (!info.ssoUrl) {
    steps.onStatus({ step: 'localAccounts' });
    return;
  }
  steps.onStatus({ step: 'step1AuthenticateWithIdP' });
  steps.redirectToProvider(freshLogin ? withFreshLogin(info.ssoUrl) : info.ssoUrl);
}

/** Step 2: trades the provider's code for a session; any failure is ssoError, with a retry. */
export async function completeSsoSignIn(
  answer: ProviderAnswer,
  steps: SsoSignInSteps,
): Promise<void> {
  steps.forgetProviderAnswer();
  if (answer.kind === 'error') {
    const error = new Error(`The identity provider answered ${answer.error}`);
    steps.reportError('signing in with single sign-on', error);
    steps.onStatus({ step: 'ssoError', error });
    return;
  }
  steps.onStatus({ step: 'step2AuthCodeToService' });
  let user: SessionUser;
  try {
    user = await steps.signIn(answer.request);
  } catch (error) {
    steps.reportError('signing in with single sign-on', error);
    steps.onStatus({ step: 'ssoError', error });
    return;
  }
  await steps.onSignedIn(user);
}

/** Runs single sign-on from where the sign-in page's query string leaves it. */
export function runSsoSignIn(query: URLSearchParams, steps: SsoSignInSteps): Promise<void> {
  const answer = providerAnswerIn(query);
  return answer ? completeSsoSignIn(answer, steps) : startSsoSignIn(steps);
}
