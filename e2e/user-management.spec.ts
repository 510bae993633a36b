import { expect, test } from '@playwright/test';
import { accounts } from './support/e2e-settings';
import { useStaffSession } from './support/sign-in';

test.describe('user management', () => {
  test('an admin creates, edits and deletes a user', async ({ page, context }) => {
    await useStaffSession(context, accounts.admin.email);
    await page.goto('/user-management');
    await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('cell', { name: accounts.csr.email })).toBeVisible();

    const form = page.getByRole('form', { name: 'Add user' });
    const add = form.getByRole('button', { name: 'Add user' });
    await expect(add).toBeDisabled();
    await form.getByLabel('Full name').fill('Tess Temporary');
    await form.getByLabel('E-mail').fill('tess@e2e.example');
    await expect(form.getByRole('combobox', { name: 'Role' })).toHaveValue(
      'Customer service representative',
    );
    await form.getByLabel('Passphrase', { exact: true }).fill('Tess#2024xY');
    await expect(form.getByText('Passphrase must not contain personal information')).toBeVisible();
    await form.getByLabel('Passphrase', { exact: true }).fill('Velvet-Canyon-93!');
    await form.getByLabel('Confirm passphrase').fill('Velvet-Canyon-93!');
    await add.click();

    const row = table.getByRole('row', { name: /tess@e2e\.example/ });
    await expect(row).toContainText('Tess Temporary');
    await expect(row).toContainText('Customer service representative');

    await page.getByRole('textbox', { name: 'Search users' }).fill('tess');
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(table.getByRole('cell', { name: accounts.csr.email })).toBeVisible();

    await row.click();
    const edit = page.getByRole('form', { name: 'Edit user' });
    await expect(edit.getByLabel('Full name')).toHaveValue('Tess Temporary');
    await edit.getByLabel('Full name').fill('Tess Permanent');
    await edit.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(table.getByRole('row', { name: /tess@e2e\.example/ })).toContainText(
      'Tess Permanent',
    );
    await expect(table.getByRole('row', { name: /tess@e2e\.example/ })).toContainText(
      'Administrator',
    );

    const created = table.getByRole('row', { name: /tess@e2e\.example/ });
    await created.getByRole('button', { name: 'Delete' }).click();
    await created.getByRole('button', { name: 'No' }).click();
    await expect(created).toBeVisible();
    await created.getByRole('button', { name: 'Delete' }).click();
    await created.getByRole('button', { name: 'Yes' }).click();
    await expect(table.getByRole('cell', { name: 'tess@e2e.example' })).toHaveCount(0);
  });

  test('an admin editing themself cannot set their passphrase or role there', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.admin.email);
    await page.goto('/user-management');
    await page
      .getByRole('table')
      .getByRole('row', { name: new RegExp(accounts.admin.email) })
      .click();
    const edit = page.getByRole('form', { name: 'Edit user' });
    await expect(edit.getByLabel('Passphrase', { exact: true })).toBeDisabled();
    await expect(edit.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    await expect(edit.getByText('use Change Passphrase in the user menu')).toBeVisible();
    await expect(
      page
        .getByRole('table')
        .getByRole('row', { name: new RegExp(accounts.admin.email) })
        .getByRole('button', { name: 'Delete' }),
    ).toHaveCount(0);
  });

  test('the users-per-page choice is kept in a cookie for 90 days', async ({ page, context }) => {
    await useStaffSession(context, accounts.admin.email);
    await page.goto('/user-management');
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25' }).click();
    const cookie = (await context.cookies()).find(
      (candidate) => candidate.name === 'ls_users_per_page',
    );
    expect(cookie?.value).toBe('25');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(89 * 24 * 60 * 60);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
  });

  test('a CSR cannot reach the screen', async ({ page, context }) => {
    await useStaffSession(context, accounts.csr.email);
    await page.goto('/user-management');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { name: 'User management' })).toHaveCount(0);
  });
});
