import { expect, type Page, test } from '@playwright/test';
import { accounts } from './support/e2e-settings';
import { busyLine, docsisLine, dslLine, fibreLine } from './support/fleet';
import { openAndSignIn, useConsumerSession, useStaffSession } from './support/sign-in';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function menuEntries(page: Page, menu: string): Promise<string[]> {
  await navigation(page).getByRole('button', { name: menu, exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  const entries = await page.getByRole('menu').getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  return entries;
}

test.describe('navigation per role', () => {
  test('an admin sees Reports, Search, Network, Gateway and Admin with user management', async ({
    page,
  }) => {
    await openAndSignIn(page, accounts.admin.email);
    expect(await menuEntries(page, 'Reports')).toEqual([
      'Dashboard',
      'Uptime report',
      'QoE report',
    ]);
    await expect(navigation(page).getByRole('link', { name: 'Search' })).toBeVisible();
    expect(await menuEntries(page, 'Network')).toEqual(['Summary', 'Bandwidth', 'QoE', 'WiFi']);
    expect(await menuEntries(page, 'Gateway')).toEqual([
      'Site survey',
      'Physical status',
      'WAN stats',
    ]);
    expect(await menuEntries(page, 'Admin')).toEqual(['Provisioning', 'User management']);

    await navigation(page).getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('menuitem', { name: 'User management' }).click();
    await expect(page).toHaveURL(/\/user-management$/);
  });

  test('a CSR has no Admin menu and is turned away from admin screens', async ({ page }) => {
    await openAndSignIn(page, accounts.csr.email);
    await expect(navigation(page).getByRole('button', { name: 'Reports' })).toBeVisible();
    await expect(navigation(page).getByRole('button', { name: 'Admin', exact: true })).toHaveCount(
      0,
    );
    await page.goto('/provisioning');
    await expect(page).toHaveURL(/\/search$/);
  });

  test('line menus open the current line of service once one is chosen', async ({ page }) => {
    await openAndSignIn(page, accounts.csr.email);
    await navigation(page).getByRole('button', { name: 'Gateway' }).click();
    await expect(page.getByRole('menuitem', { name: 'WAN stats' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // A line that exists: one the server does not know never becomes the menus' line.
    await page.goto(`/summary/${busyLine.lineOfServiceCode}`);
    await navigation(page).getByRole('button', { name: 'Gateway' }).click();
    await page.getByRole('menuitem', { name: 'WAN stats' }).click();
    await expect(page).toHaveURL(new RegExp(`/wan-stats/${busyLine.lineOfServiceCode}$`));
    await expect(page.getByRole('heading', { name: 'WAN stats' })).toBeVisible();
  });

  test('bandwidth and WiFi open their devices child', async ({ page, context }) => {
    await useStaffSession(context, accounts.csr.email);
    await page.goto('/bandwidth/LOS-7');
    await expect(page).toHaveURL(/\/bandwidth\/LOS-7\/devices$/);
    await page.goto('/wifi/LOS-7/');
    await expect(page).toHaveURL(/\/wifi\/LOS-7\/devices$/);
  });

  test('a consumer sees Summary and Advanced Stats, a line selector, and no staff menus', async ({
    page,
    context,
  }) => {
    await useConsumerSession(context);
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/summary/${dslLine.lineOfServiceCode}$`));
    await expect(navigation(page).getByRole('link', { name: 'Summary' })).toBeVisible();
    expect(await menuEntries(page, 'Advanced Stats')).toEqual(['Bandwidth', 'Site survey']);
    for (const staffMenu of ['Reports', 'Network', 'Gateway', 'Admin']) {
      await expect(
        navigation(page).getByRole('button', { name: staffMenu, exact: true }),
      ).toHaveCount(0);
    }
    await expect(navigation(page).getByRole('link', { name: 'Search' })).toHaveCount(0);

    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Knowledge Base' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await navigation(page).getByLabel('Line of service').click();
    await page.getByRole('option', { name: fibreLine.lineOfServiceCode }).click();
    await expect(page).toHaveURL(new RegExp(`/summary/${fibreLine.lineOfServiceCode}$`));

    await page.goto('/search');
    await expect(page).toHaveURL(new RegExp(`/summary/${fibreLine.lineOfServiceCode}$`));
  });

  test('the help link opens the knowledge-base page of the screen, summary by default', async ({
    page,
  }) => {
    await openAndSignIn(page, accounts.csr.email);
    const help = navigation(page).getByRole('link', { name: 'Help for this page' });
    await expect(help).toHaveAttribute('href', 'https://help.linesight.example/kb/search');
    await expect(help).toHaveAttribute('target', '_blank');
    await page.goto('/physical-status/LOS-3');
    await expect(help).toHaveAttribute(
      'href',
      'https://help.linesight.example/kb/gateway-physical-status',
    );
    // WAN statistics: the DOCSIS page for a cable line, the general one for a DSL line.
    await page.goto(`/wan-stats/${docsisLine.lineOfServiceCode}`);
    await expect(help).toHaveAttribute(
      'href',
      'https://help.linesight.example/kb/gateway-wan-stats-docsis',
    );
    await page.goto(`/wan-stats/${dslLine.lineOfServiceCode}`);
    await expect(help).toHaveAttribute(
      'href',
      'https://help.linesight.example/kb/gateway-wan-stats',
    );
  });

  test('the footer gives the copyright years up to this one', async ({ page }) => {
    await page.goto('/');
    const year = new Date().getFullYear();
    await expect(page.getByRole('contentinfo')).toHaveText(
      `© 2014–${year} LineSight. All rights reserved.`,
    );
  });
});
