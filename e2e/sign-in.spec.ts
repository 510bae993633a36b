import { expect, test } from '@playwright/test';
import { accounts, lockoutSeconds } from './support/e2e-settings';
import { signIn } from './support/sign-in';

test.describe('staff sign-in', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('shows the validation messages only after a submit attempt', async ({ page }) => {
    await expect(page.getByText('Please enter a valid email address')).toBeHidden();
    await page.getByLabel('E-mail').fill('not-an-email');
    await expect(page.getByText('Please enter a valid email address')).toBeHidden();

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please enter your passphrase')).toBeVisible();

    await page.getByLabel('E-mail').fill('someone@example.com');
    await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  });

  test('signs the admin in and lands on search with the admin navigation', async ({ page }) => {
    await signIn(page, accounts.admin.email);
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(
      accounts.admin.name,
    );
  });

  test('says the combination is invalid for a wrong passphrase', async ({ page }) => {
    await signIn(page, 'wrong@e2e.example', 'Not-The-Right-One-1');
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid Username and Passphrase combination.',
    );
    await expect(page).toHaveURL(/\/$/);
  });

  test('says the same for an e-mail no account has', async ({ page }) => {
    await signIn(page, 'nobody-at-all@e2e.example', 'Not-The-Right-One-1');
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid Username and Passphrase combination.',
    );
  });

  test('tells a locked-out user how many minutes to wait, even with the right passphrase', async ({
    page,
  }) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(page, 'lockout@e2e.example', `Wrong-Passphrase-${attempt}`);
      await expect(page.getByRole('alert')).toBeVisible();
    }
    const minutes = lockoutSeconds / 60;
    await expect(page.getByRole('alert')).toContainText(`five or more failed sign-in attempts`);
    await expect(page.getByRole('alert')).toContainText(`${minutes} minutes`);

    await signIn(page, 'lockout@e2e.example');
    await expect(page.getByRole('alert')).toContainText(`${minutes} minutes`);
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the server error message when the server fails', async ({ page }) => {
    await page.route('**/api/user/v1/authenticate', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await signIn(page, accounts.admin.email);
    await expect(page.getByRole('alert')).toHaveText(
      'An error occurred communicating with the server.',
    );
  });

  test('says so when sign-in attempts are rate limited', async ({ page }) => {
    await page.route('**/api/user/v1/authenticate', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{}' }),
    );
    await signIn(page, accounts.admin.email);
    await expect(page.getByRole('alert')).toHaveText(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  test('remembers the e-mail for next time when asked to', async ({ page, context }) => {
    await page.getByLabel('Remember me on this computer').check();
    await signIn(page, accounts.csr.email);
    await expect(page).toHaveURL(/\/search$/);

    const cookies = await context.cookies();
    const username = cookies.find((cookie) => cookie.name === 'ls_username');
    expect(decodeURIComponent(username?.value ?? '')).toBe(accounts.csr.email);
    const thirtyDays = 30 * 24 * 60 * 60;
    expect((username?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(thirtyDays - 60);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(accounts.csr.email);
    await expect(page.getByLabel('Remember me on this computer')).toBeChecked();
  });

  test('links to the forgot-passphrase screen', async ({ page }) => {
    await page.getByRole('link', { name: 'Forgot your passphrase?' }).click();
    await expect(page).toHaveURL(/\/forgot-passphrase$/);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  });
});
