import { expect, test } from '@playwright/test';
import { accounts } from './support/e2e-settings';
import { openAndSignIn } from './support/sign-in';

test.describe('languages', () => {
  test('the language pills switch the sign-in screen, and the choice is kept', async ({ page }) => {
    await page.goto('/');
    await page.getByText('Español').click();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();

    await page.getByText('Français').click();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  });

  test('validation and sign-in errors come in the chosen language', async ({ page }) => {
    await page.goto('/');
    await page.getByText('Français').click();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Veuillez saisir une adresse e-mail valide')).toBeVisible();
  });

  test.describe('with a French browser', () => {
    test.use({ locale: 'fr-FR' });

    test('detects French', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    });
  });

  test.describe('with a browser in a language the portal lacks', () => {
    test.use({ locale: 'de-DE' });

    test('falls back to English', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    });
  });

  test('the user menu changes the language of the whole portal', async ({ page }) => {
    await openAndSignIn(page, accounts.csr.email);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    const navigation = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(navigation.getByRole('button', { name: 'Informes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Búsqueda' })).toBeVisible();
  });

  test('a wrong passphrase is reported in Spanish', async ({ page }) => {
    await page.goto('/');
    await page.getByText('Español').click();
    await page.getByLabel('Correo electrónico').fill('wrong@e2e.example');
    await page.getByLabel('Frase de contraseña').fill('Not-The-Right-One-1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('alert')).not.toHaveText(
      'Invalid Username and Passphrase combination.',
    );
  });
});
