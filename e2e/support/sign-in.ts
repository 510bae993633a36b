import { type BrowserContext, expect, type Page } from '@playwright/test';
import { consumerSession, e2eBaseUrl, passphrase } from './e2e-settings';

export async function signIn(page: Page, email: string, secret = passphrase): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Passphrase').fill(secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function openAndSignIn(page: Page, email: string): Promise<void> {
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
