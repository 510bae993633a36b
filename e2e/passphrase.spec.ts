import { expect, test } from '@playwright/test';
import { accounts, passphrase } from './support/e2e-settings';
import { latestMailTo, mailCountTo, resetLinkIn } from './support/mailbox';
import { openAndSignInByForm, signIn } from './support/sign-in';

const newPassphrase = 'Bright-Harbour-Lamp-42';

test.describe('forgot and reset passphrase', () => {
  test('a reset link arrives by e-mail, resets the passphrase and signs the user in', async ({
    page,
  }) => {
    const before = mailCountTo(accounts.forgetful.email);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot your passphrase?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your passphrase?' })).toBeVisible();

    const send = page.getByRole('button', { name: 'Send reset link' });
    await expect(send).toBeDisabled();
    await page.getByLabel('E-mail').fill('not-an-email');
    await expect(send).toBeDisabled();
    await page.getByLabel('E-mail').fill(accounts.forgetful.email);
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByRole('status')).toContainText(accounts.forgetful.email);
    await expect(page.getByLabel('E-mail')).toBeHidden();

    const mail = await latestMailTo(accounts.forgetful.email, before);
    expect(mail.raw).toContain('Reset your LineSight passphrase');
    await page.goto(resetLinkIn(mail));
    await expect(page.getByRole('heading', { name: 'Choose a new passphrase' })).toBeVisible();

    await page.getByLabel('New passphrase', { exact: true }).fill('short');
    await expect(page.getByText('Passphrase must be at least 8 characters long.')).toBeVisible();
    await page.getByLabel('New passphrase', { exact: true }).fill(newPassphrase);
    await page.getByLabel('Confirm new passphrase').fill(`${newPassphrase}x`);
    await expect(page.getByText('Should match new passphrase.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set passphrase and sign in' })).toBeDisabled();
    await page.getByLabel('Confirm new passphrase').fill(newPassphrase);
    await page.getByRole('button', { name: 'Set passphrase and sign in' }).click();

    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(
      accounts.forgetful.name,
    );

    // The link works once.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.goto(resetLinkIn(mail));
    await page.getByLabel('New passphrase', { exact: true }).fill('Another-Quiet-Road-7');
    await page.getByLabel('Confirm new passphrase').fill('Another-Quiet-Road-7');
    await page.getByRole('button', { name: 'Set passphrase and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Your reset passphrase token has expired');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-passphrase$/);
  });
});

test.describe('change passphrase', () => {
  test('a user whose passphrase must change is held in the modal until it is changed', async ({
    page,
  }) => {
    await openAndSignInByForm(page, accounts.mustChange.email);
    const dialog = page.getByRole('dialog', { name: 'Change passphrase' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('passphrase-expired')).toHaveText(
      'Your passphrase has expired and must be changed before you continue.',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Search' })).toHaveCount(0);

    await dialog.getByLabel('Current passphrase').fill(passphrase);
    await dialog.getByLabel('New passphrase', { exact: true }).fill(passphrase);
    await expect(
      dialog.getByText('The new passphrase must be different from the current one.'),
    ).toBeVisible();
    await dialog.getByLabel('New passphrase', { exact: true }).fill(newPassphrase);
    await dialog.getByLabel('Confirm new passphrase').fill(newPassphrase);
    await dialog.getByRole('button', { name: 'Change passphrase' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
  });

  test('the user menu opens the modal; a wrong current passphrase is reported there', async ({
    page,
  }) => {
    await openAndSignInByForm(page, accounts.changer.email);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Passphrase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change passphrase' });

    await dialog.getByLabel('Current passphrase').fill('Not-My-Current-One-5');
    await dialog.getByLabel('New passphrase', { exact: true }).fill(newPassphrase);
    await dialog.getByLabel('Confirm new passphrase').fill(newPassphrase);
    await dialog.getByRole('button', { name: 'Change passphrase' }).click();
    await expect(dialog.getByText('Incorrect current passphrase')).toBeVisible();
    await expect(page).toHaveURL(/\/search$/);

    await dialog.getByRole('button', { name: 'Clear form' }).click();
    await expect(dialog.getByLabel('Current passphrase')).toHaveValue('');
    await dialog.getByLabel('Current passphrase').fill(passphrase);
    await dialog.getByLabel('New passphrase', { exact: true }).fill(newPassphrase);
    await dialog.getByLabel('Confirm new passphrase').fill(newPassphrase);
    await dialog.getByRole('button', { name: 'Change passphrase' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await signIn(page, accounts.changer.email, newPassphrase);
    await expect(page).toHaveURL(/\/search$/);
  });
});
