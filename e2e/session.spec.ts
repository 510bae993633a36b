import { expect, test } from '@playwright/test';
import { accounts } from './support/e2e-settings';
import { openAndSignInByForm, signIn, useStaffSession } from './support/sign-in';

test.describe('sessions', () => {
  test('a signed-out visit to a screen goes to sign-in, then back to that screen', async ({
    page,
  }) => {
    await page.goto('/provisioning?tab=devices');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await signIn(page, accounts.admin.email);
    await expect(page).toHaveURL(/\/provisioning\?tab=devices$/);
    await expect(page.getByRole('heading', { name: 'Provisioning' })).toBeVisible();
  });

  test('signing out clears the session and hides the navigation', async ({ page, context }) => {
    await openAndSignInByForm(page, accounts.csr.email);
    await page.goto('/summary/LOS-9');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();

    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('ls_auth_token');
    expect(names).not.toContain('ls_user');
    expect(names).not.toContain('ls_current_los');

    await page.goto('/search');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a session the server no longer knows sends the user to sign-out, and back afterwards', async ({
    page,
    context,
  }) => {
    await openAndSignInByForm(page, accounts.csr.email);
    await page.goto('/dashboard');
    // A response still on its way would store its (valid) token over the one planted here.
    await page.waitForLoadState('networkidle');
    await context.addCookies([{ name: 'ls_auth_token', value: 'revoked-token', url: page.url() }]);
    await page.reload();

    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await signIn(page, accounts.csr.email);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('every response renews the stored token and the client echoes it', async ({ page }) => {
    await openAndSignInByForm(page, accounts.csr.email);
    const ping = page.waitForRequest('**/api/ping/secure');
    await page.reload();
    const request = await ping;
    expect(request.headers()['x-cah-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await request.response();
    expect(response?.headers()['x-cah-token']).toBe(request.headers()['x-cah-token']);
    expect(response?.headers()['x-cah-build']).toBeTruthy();
  });

  test('a changed build shows the update-available button, which reloads the client', async ({
    page,
  }) => {
    await page.goto('/');
    // The sign-in answer names the running build; the keep-alive after it names another, as
    // after a deployment.
    await page.route('**/api/ping/secure', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'x-cah-build': 'a-newer-build' },
      });
    });
    await signIn(page, accounts.csr.email);
    const update = page.getByRole('button', { name: 'Update available' });
    await expect(update).toBeVisible();

    await page.unrouteAll();
    await update.click();
    await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible();
    await expect(update).toBeHidden();
  });

  test('unknown paths go to the start, and trailing slashes are not strict', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    await page.goto('/no/such/screen');
    await expect(page).toHaveURL(/\/search$/);
    await page.goto('/dashboard/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});
