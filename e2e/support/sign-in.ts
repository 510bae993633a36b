import { apiPaths, type SessionUser, sessionTokenHeader } from '@linesight/contract';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { accounts, consumerSession, e2eBaseUrl, e2ePort, passphrase } from './e2e-settings';

/**
 * How specs sign in (e2e/support/README.md says when to use which):
 * - `useStaffSession(context, email)`: the admin's or the CSR's shared session put in the browser's
 *   cookies, no page opened. The cheapest: the test's own `page.goto` is its first page load.
 * - `openAndSignIn(page, email)`: the same shared session for the admin and the CSR, then the
 *   portal opened on its landing screen (search); any other account signs in through the form.
 * - `openAndSignInByForm(page, email)`: through the sign-in form, with a session of the test's
 *   own: for tests about signing in or out, sessions, passphrases, or that end their session.
 */

/** The accounts whose sessions tests share: one sign-in per account per Playwright worker. */
export type SharedStaffEmail = typeof accounts.admin.email | typeof accounts.csr.email;

const sharedStaff: readonly string[] = [accounts.admin.email, accounts.csr.email];

export function isSharedStaff(email: string): email is SharedStaffEmail {
  return sharedStaff.includes(email);
}

interface StaffSession {
  token: string;
  user: SessionUser;
}

// The API is called on the address the server listens on (HOST 127.0.0.1); the browser keeps
// using e2eBaseUrl, whose cookies these are.
const apiBase = `http://127.0.0.1:${e2ePort}`;

/** Per worker process: Playwright runs a worker's tests one after another. */
const staffSessions = new Map<string, Promise<StaffSession>>();

async function signInThroughApi(email: string): Promise<StaffSession> {
  const response = await fetch(`${apiBase}${apiPaths.authenticate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, passphrase } }),
  });
  const token = response.headers.get(sessionTokenHeader);
  if (!response.ok || !token) throw new Error(`signing ${email} in answered ${response.status}`);
  return { token, user: (await response.json()) as SessionUser };
}

async function stillSignedIn(token: string): Promise<boolean> {
  const response = await fetch(`${apiBase}${apiPaths.pingSecure}`, {
    headers: { [sessionTokenHeader]: token },
  });
  return response.ok;
}

/**
 * The worker's session of a shared account, signed in once through the API (one passphrase
 * check, not one per test). Each use checks it is still alive, and signs in again if a test
 * ended it (a sign-out revokes the token on the server), so no test inherits a dead session.
 */
export async function sharedStaffSession(email: SharedStaffEmail): Promise<StaffSession> {
  const cached = staffSessions.get(email);
  if (cached) {
    const session = await cached.catch(() => null);
    if (session && (await stillSignedIn(session.token))) return session;
  }
  const fresh = signInThroughApi(email);
  staffSessions.set(email, fresh);
  return fresh;
}

/**
 * Puts the admin's or the CSR's shared session where the client keeps it after a sign-in
 * (`startSession`: token, user, sign-in mode), as `useConsumerSession` does for the consumer.
 * Opens no page: the test's first `page.goto` opens the screen already signed in.
 */
export async function useStaffSession(
  context: BrowserContext,
  email: SharedStaffEmail,
): Promise<void> {
  const { token, user } = await sharedStaffSession(email);
  const day = 24 * 60 * 60;
  await context.addCookies([
    { name: 'ls_auth_token', value: token, url: e2eBaseUrl },
    { name: 'ls_user', value: encodeURIComponent(JSON.stringify(user)), url: e2eBaseUrl },
    {
      name: 'ls_sign_in_mode',
      value: 'cahUser',
      url: e2eBaseUrl,
      expires: Math.floor(Date.now() / 1000) + day,
    },
  ]);
}

/**
 * The portal in this language from the first page load on, as the language pills leave it
 * (local storage `ls_language`), for a test that has opened no page yet.
 */
export async function useLanguage(context: BrowserContext, language: string): Promise<void> {
  // A script's text, not a function: the projects that type-check this file have no DOM types.
  // about:blank and other opaque origins have no local storage, hence the try.
  await context.addInitScript({
    content: `try { localStorage.setItem('ls_language', ${JSON.stringify(language)}); } catch {}`,
  });
}

export async function signIn(page: Page, email: string, secret = passphrase): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Passphrase').fill(secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Opens the portal signed in, on its landing screen (search) with the navigation shown: the
 * admin and the CSR with the worker's shared session, any other account through the form.
 */
export async function openAndSignIn(page: Page, email: string): Promise<void> {
  if (!isSharedStaff(email)) {
    await openAndSignInByForm(page, email);
    return;
  }
  await useStaffSession(page.context(), email);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** Signs in through the sign-in form, with a session of the test's own. */
export async function openAndSignInByForm(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await signIn(page, email);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** Puts the seeded consumer session where the client keeps it, as a consumer sign-in would. */
export async function useConsumerSession(context: BrowserContext): Promise<void> {
  const user = {
    id: 'consumer',
    role: 'Consumer',
    ...consumerSession.user,
    idToken: null,
    ssoLogoutUrl: null,
  };
  await context.addCookies([
    { name: 'ls_auth_token', value: consumerSession.token, url: e2eBaseUrl },
    { name: 'ls_user', value: encodeURIComponent(JSON.stringify(user)), url: e2eBaseUrl },
    { name: 'ls_sign_in_mode', value: 'consumer', url: e2eBaseUrl },
  ]);
}

/** Signs in on the My Network (consumer) sign-in page. */
export async function consumerSignIn(
  page: Page,
  username: string,
  secret = passphrase,
): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Passphrase').fill(secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
