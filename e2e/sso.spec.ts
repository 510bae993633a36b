import { expect, type Page, test } from '@playwright/test';
import { identityProviderUrl, ssoBaseUrl } from './support/e2e-settings';

/**
 * Single sign-on against a real OpenID provider (oidc-provider, started with the portal in
 * e2e/support/sso-server.ts): its development login page takes any user name.
 */

/** Signs in at the provider's login page as `login`; the portal's step 2 follows. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${identityProviderUrl}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-passphrase');
  await page.locator('button[type="submit"]').click();
}

test.describe('single sign-on', () => {
  test('a staff user signs in through the identity provider and lands on search', async ({
    page,
  }) => {
    await page.goto(`${ssoBaseUrl}/`);
    await signInAtProvider(page, 'ada');

    await expect(page).toHaveURL(`${ssoBaseUrl}/search`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByText('Ada', { exact: true })).toBeVisible();
    // In sso mode the provider owns passphrases and accounts.
    await expect(page.getByRole('menuitem', { name: 'Change Passphrase' })).toBeHidden();
  });

  test('a refused sign-in shows the error and a retry that starts over at the provider', async ({
    page,
  }) => {
    await page.goto(`${ssoBaseUrl}/`);
    await signInAtProvider(page, 'mallory');

    await expect(page.getByText('Your account may not use this portal.')).toBeVisible();
    await page.getByRole('button', { name: /retry/i }).click();
    await expect(page).toHaveURL(new RegExp(`^${identityProviderUrl}/`));
  });

  test('signing out goes through the provider’s logout to the sso-signed-out page', async ({
    page,
  }) => {
    await page.goto(`${ssoBaseUrl}/`);
    await signInAtProvider(page, 'grace');
    await expect(page).toHaveURL(`${ssoBaseUrl}/search`);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    // The provider asks before it ends its own session.
    await expect(page).toHaveURL(new RegExp(`^${identityProviderUrl}/session/end`));
    await page.getByRole('button', { name: /yes, sign me out/i }).click();

    await expect(page).toHaveURL(`${ssoBaseUrl}/sso-signed-out`);
    await page.getByRole('button', { name: /retry|sign in again/i }).click();
    await expect(page).toHaveURL(new RegExp(`^${identityProviderUrl}/`));
  });
});
