import { expect, test } from '@playwright/test';

test('screenshot', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.screenshot({ path: '/tmp/signin.png' });
  await page.getByLabel('E-mail').fill('admin@e2e.example');
  await page.getByLabel('Passphrase').fill('Corr3ct-Horse-Battery');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.screenshot({ path: '/tmp/search.png' });
  await page.goto('http://northwind.localhost:18080/');
  await page.screenshot({ path: '/tmp/northwind.png' });
});
