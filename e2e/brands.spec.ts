import { expect, test } from '@playwright/test';
import { e2ePort } from './support/e2e-settings';

// Chromium resolves every *.localhost name to this machine, so a host-name prefix needs no DNS.
const hostUrl = (host: string) => `http://${host}.localhost:${e2ePort}/`;

test.describe('provider brands by host-name prefix', () => {
  test('the default brand on a host without a provider prefix', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('LineSight');
    await expect(page.getByRole('img', { name: 'LineSight' })).toBeVisible();
  });

  test('a provider host gets its title, logo, icons and colours', async ({ page }) => {
    await page.goto(hostUrl('northwind'));
    await expect(page).toHaveTitle('Northwind Care Portal');
    await expect(page.getByRole('heading', { name: 'Northwind Care Portal' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Northwind Broadband' })).toHaveAttribute(
      'src',
      '/brands/northwind/logo.svg',
    );
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
      'href',
      /\/brands\/northwind\/favicon\.svg$/,
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      /\/brands\/northwind\/web-clip\.png$/,
    );
    const navBackground = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--ls-nav-background').trim(),
    );
    expect(navBackground).toBe('#0b3d4f');
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCSS(
      'background-color',
      'rgb(11, 114, 133)',
    );
    await expect(page.getByRole('contentinfo')).toContainText('Northwind Broadband');
  });

  test('another provider looks different', async ({ page }) => {
    await page.goto(hostUrl('redrock-support'));
    await expect(page).toHaveTitle('Red Rock Gateway Insight');
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCSS(
      'background-color',
      'rgb(201, 42, 42)',
    );
  });

  test('a demo host keeps the brand after its prefix', async ({ page }) => {
    await page.goto(hostUrl('demo-aurora'));
    await expect(page).toHaveTitle('Aurora Wireless CareView');
  });
});
