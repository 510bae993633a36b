import { expect, type Page, test } from '@playwright/test';
import { signInAdminApi } from './support/admin-api';
import { e2ePort, lockoutSeconds } from './support/e2e-settings';
import { consumerSignIn } from './support/sign-in';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

// Chromium resolves every *.localhost name to this machine, so a host-name prefix needs no DNS.
const auroraUrl = (path: string) => `http://aurora.localhost:${e2ePort}${path}`;

test.describe('My Network (consumer) sign-in', () => {
  test('shows the validation messages only after a submit attempt', async ({ page }) => {
    await page.goto('/consumer-sign-in');
    await expect(page.getByRole('heading', { name: 'My Network sign-in' })).toBeVisible();
    await expect(page.getByText('Please enter a valid username')).toBeHidden();

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid username')).toBeVisible();
    await expect(page.getByText('Please enter your passphrase')).toBeVisible();
    await expect(page).toHaveURL(/\/consumer-sign-in$/);
  });

  test('a consumer signs in, sees the consumer menu, switches line, and stays on their own lines', async ({
    page,
    request,
  }) => {
    const admin = await signInAdminApi(request);
    await admin.subscriberWithLines('E2E-CONSUMER-SUB', 'Carla Lines', [
      'E2E-CARLA-LOS-1',
      'E2E-CARLA-LOS-2',
    ]);
    await admin.consumerSignIn('E2E-CONSUMER-SUB', 'e2e-carla');
    await admin.subscriberWithLines('E2E-NEIGHBOUR-SUB', 'Nina Neighbour', ['E2E-NINA-LOS-1']);

    await page.goto('/consumer-sign-in');
    await consumerSignIn(page, 'e2e-carla');
    await expect(page).toHaveURL(/\/summary\/E2E-CARLA-LOS-1$/);

    await expect(navigation(page).getByRole('link', { name: 'Summary' })).toBeVisible();
    await navigation(page).getByRole('button', { name: 'Advanced Stats' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Bandwidth',
      'Site survey',
    ]);
    await page.keyboard.press('Escape');
    for (const staffMenu of ['Reports', 'Network', 'Gateway', 'Admin']) {
      await expect(
        navigation(page).getByRole('button', { name: staffMenu, exact: true }),
      ).toHaveCount(0);
    }
    await expect(navigation(page).getByRole('link', { name: 'Search' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Support chat' })).toHaveCount(0);

    // The line selector keeps the kind of screen and changes the line.
    await navigation(page).getByRole('button', { name: 'Advanced Stats' }).click();
    await page.getByRole('menuitem', { name: 'Site survey' }).click();
    await expect(page).toHaveURL(/\/site-survey\/E2E-CARLA-LOS-1$/);
    await navigation(page).getByRole('combobox', { name: 'Line of service' }).click();
    await page.getByRole('option', { name: 'E2E-CARLA-LOS-2' }).click();
    await expect(page).toHaveURL(/\/site-survey\/E2E-CARLA-LOS-2$/);

    // Calling the API for another subscriber's line, existing or not, answers the same 403.
    const token = (await page.context().cookies()).find(
      (cookie) => cookie.name === 'ls_auth_token',
    )?.value;
    const lineData = (code: string) =>
      page.request.get(`/api/subscriberDevice/v1/${code}`, {
        headers: { 'x-cah-token': token ?? '' },
      });
    expect((await lineData('E2E-CARLA-LOS-2')).status()).toBe(200);
    const neighbours = await lineData('E2E-NINA-LOS-1');
    const nobodys = await lineData('E2E-NOBODY-LOS');
    expect(neighbours.status()).toBe(403);
    expect(await neighbours.text()).toBe(await nobodys.text());

    // Another subscriber's line, typed into the address bar: back to the first own line.
    await page.goto('/summary/E2E-NINA-LOS-1');
    await expect(page).toHaveURL(/\/summary\/E2E-CARLA-LOS-1$/);
    await page.goto('/bandwidth/E2E-NINA-LOS-1/devices');
    await expect(page).toHaveURL(/\/summary\/E2E-CARLA-LOS-1$/);

    // Signing out returns a consumer to their own sign-in page.
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Change Passphrase' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/consumer-sign-in$/);
    await expect(navigation(page)).toBeHidden();
  });

  test('a consumer of the chat brand whose user name starts with mwc gets the Support chat button', async ({
    page,
    request,
  }) => {
    const admin = await signInAdminApi(request);
    await admin.subscriberWithLines('E2E-CHAT-SUB', 'Mia Chat', ['E2E-MIA-LOS-1']);
    await admin.consumerSignIn('E2E-CHAT-SUB', 'mwc-e2e-mia');

    await page.goto(auroraUrl('/consumer-sign-in'));
    await consumerSignIn(page, 'mwc-e2e-mia');
    await expect(page).toHaveURL(/\/summary\/E2E-MIA-LOS-1$/);
    // Seed 001 section 2: the button is on the consumer's summary.
    const chat = page.getByRole('link', { name: 'Support chat' });
    await expect(chat).toHaveAttribute('href', /^https:\/\/chat\.aurorawireless\.example\//);
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('rel', /noopener/);
    // One line only: no line selector.
    await expect(navigation(page).getByRole('combobox', { name: 'Line of service' })).toHaveCount(
      0,
    );
  });

  test('says the combination is invalid, then tells a locked-out consumer how long to wait', async ({
    page,
  }) => {
    await page.goto('/consumer-sign-in');
    await consumerSignIn(page, 'e2e-nobody', 'Not-The-Right-One-1');
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid Username and Passphrase combination.',
    );
    for (let attempt = 2; attempt <= 5; attempt++) {
      await consumerSignIn(page, 'e2e-nobody', `Wrong-Passphrase-${attempt}`);
      await expect(page.getByRole('alert')).toBeVisible();
    }
    await consumerSignIn(page, 'e2e-nobody', 'Wrong-Passphrase-6');
    await expect(page.getByRole('alert')).toContainText('Your My Network account has been locked');
    await expect(page.getByRole('alert')).toContainText(`${lockoutSeconds / 60} minutes`);
  });

  test('shows a spinner while the server checks the credentials', async ({ page }) => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/v1/consumerAuth', async (route) => {
      await answered;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    });
    await page.goto('/consumer-sign-in');
    await consumerSignIn(page, 'e2e-slow', 'Any-Passphrase-1');
    await expect(page.getByRole('status')).toHaveText('Signing you in to My Network…');
    release();
    await expect(page.getByRole('alert')).toHaveText(
      'An error occurred communicating with the server.',
    );
  });
});
