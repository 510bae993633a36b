import { expect, test } from '@playwright/test';
import { signInAdminApi } from './support/admin-api';
import { accounts } from './support/e2e-settings';
import { useStaffSession } from './support/sign-in';

test.describe('provisioning', () => {
  test('create a subscriber, provision a device, associate them, find them, deprovision', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.admin.email);
    await page.goto('/provisioning');
    await expect(page.getByRole('heading', { name: 'Provisioning' })).toBeVisible();

    const subscriberForm = page.getByRole('form', { name: 'Subscriber' });
    await subscriberForm.getByLabel('Name').fill('Paula Provisioned');
    await subscriberForm.getByLabel('Name').fill('');
    await expect(subscriberForm.getByText('Name is required')).toBeVisible();
    await subscriberForm.getByLabel('Name').fill('Paula Provisioned');
    await subscriberForm.getByLabel('Subscriber Code').fill('E2E-SUB-1');
    await subscriberForm.getByRole('button', { name: 'Create' }).click();
    const subscribers = page.getByRole('table', { name: 'Subscribers' });
    await expect(subscribers.getByRole('row', { name: /E2E-SUB-1/ })).toContainText(
      'Paula Provisioned',
    );

    const deviceForm = page.getByRole('form', { name: 'Device' });
    await deviceForm.getByLabel('Line of Service Code').fill('E2E-LOS-1');
    await deviceForm.getByRole('button', { name: 'Create' }).click();
    const reportingUrl = deviceForm.getByLabel('Reporting URL');
    await expect(reportingUrl).toHaveValue(/^http:\/\/localhost:\d+\/report\/v1\/[0-9a-f]{32}$/);
    // A TR-069 gateway's ACS URL carries the same token as the reporting URL.
    const token = (await reportingUrl.inputValue()).split('/').at(-1) ?? '';
    await expect(deviceForm.getByLabel('ACS URL')).toHaveValue(
      new RegExp(`^http://localhost:\\d+/cwmp/v1/${token}$`),
    );

    // The same code again: the in-use warning when the field loses focus.
    await deviceForm.getByRole('button', { name: 'Clear form' }).click();
    await expect(reportingUrl).toBeHidden();
    await deviceForm.getByLabel('Line of Service Code').fill('E2E-LOS-1');
    await deviceForm.getByLabel('Line of Service Code').blur();
    await expect(deviceForm.getByText('Line of Service Code In Use.')).toBeVisible();
    await deviceForm.getByRole('button', { name: 'Clear form' }).click();

    const associate = page.getByRole('button', { name: 'Associate' });
    await expect(associate).toBeDisabled();
    await subscribers.getByRole('row', { name: /E2E-SUB-1/ }).click();
    await expect(subscriberForm.getByRole('button', { name: 'Update' })).toBeVisible();
    await expect(subscriberForm.getByLabel('Subscriber Code')).toHaveAttribute('readonly');
    const devices = page.getByRole('table', { name: 'Devices' });
    await devices.getByRole('row', { name: /E2E-LOS-1/ }).click();
    await expect(deviceForm.getByLabel('Reporting URL')).toHaveValue(/\/report\/v1\/[0-9a-f]{32}$/);
    await associate.click();
    await expect(page).toHaveURL(/\/summary\/E2E-LOS-1$/);

    await page.goto('/search');
    await page.getByRole('textbox', { name: 'Search term' }).fill('paula prov');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('table');
    const result = results.getByRole('row', { name: /Paula Provisioned/ });
    await expect(result).toContainText('E2E-SUB-1');
    await expect(
      result.getByRole('button', { name: "Subscriber's device has not checked in yet" }),
    ).toBeVisible();
    await result.getByRole('cell', { name: 'Paula Provisioned' }).click();
    await expect(page).toHaveURL(/\/summary\/E2E-LOS-1$/);

    await page.goto('/provisioning');
    await page
      .getByRole('textbox', { name: 'Search by device ID or line of service' })
      .fill('E2E-LOS-1');
    // The filter applies after a pause in typing: wait for it, or the row is re-drawn mid-click.
    await expect(page.getByRole('table', { name: 'Devices' }).getByRole('row')).toHaveCount(2);
    const line = page
      .getByRole('table', { name: 'Devices' })
      .getByRole('row', { name: /E2E-LOS-1/ });
    await line.getByRole('button', { name: 'Deprovision' }).click();
    await line.getByRole('button', { name: 'Yes' }).click();
    await expect(
      page.getByRole('table', { name: 'Devices' }).getByText('No devices match.'),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Subscribers' }).getByRole('row', { name: /E2E-SUB-1/ }),
    ).not.toContainText('E2E-LOS-1');
  });

  test('a subscriber code in use is refused in Create mode', async ({ page, context }) => {
    await useStaffSession(context, accounts.admin.email);
    await page.goto('/provisioning');
    const form = page.getByRole('form', { name: 'Subscriber' });
    const create = async (name: string): Promise<void> => {
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Subscriber Code').fill('E2E-TWICE');
      await form.getByRole('button', { name: 'Create' }).click();
    };
    await create('Twice Made');
    const row = page
      .getByRole('table', { name: 'Subscribers' })
      .getByRole('row', { name: /E2E-TWICE/ });
    await expect(row).toContainText('Twice Made');
    await create('Made Again');
    await expect(form.getByRole('alert')).toHaveText('A subscriber with this code already exists.');
    await expect(row).toContainText('Twice Made');
  });

  test('an admin sets, replaces and removes a subscriber’s My Network sign-in', async ({
    page,
    request,
    context,
  }) => {
    const admin = await signInAdminApi(request);
    await admin.subscriberWithLines('E2E-MYNET-SUB', 'Mona Network', ['E2E-MYNET-LOS']);
    await admin.subscriberWithLines('E2E-MYNET-TAKEN', 'Priya Provisioned', []);
    await admin.consumerSignIn('E2E-MYNET-TAKEN', 'e2e-priya', 'Tr4vel-Lantern-Blue');

    await useStaffSession(context, accounts.admin.email);
    await page.goto('/provisioning');
    await expect(page.getByRole('form', { name: 'My Network sign-in' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Search by subscriber code' }).fill('E2E-MYNET-SUB');
    const subscribers = page.getByRole('table', { name: 'Subscribers' });
    await expect(subscribers.getByRole('row')).toHaveCount(2);
    await subscribers.getByRole('row', { name: /E2E-MYNET-SUB/ }).click();

    const myNetwork = page.getByRole('form', { name: 'My Network sign-in' });
    await expect(
      myNetwork.getByText('This subscriber has no My Network sign-in yet.'),
    ).toBeVisible();
    const save = myNetwork.getByRole('button', { name: 'Save sign-in' });
    await expect(save).toBeDisabled();

    // The shared passphrase policy, with the subscriber's name as personal information.
    await myNetwork.getByLabel('Username').fill('mwc-e2e-paula');
    await myNetwork.getByLabel('Passphrase', { exact: true }).fill('Paula-Provisioned-9');
    await expect(
      myNetwork.getByText('Passphrase must not contain personal information'),
    ).toBeVisible();
    await myNetwork.getByLabel('Passphrase', { exact: true }).fill('Tr4vel-Lantern-Blue');
    await myNetwork.getByLabel('Confirm passphrase').fill('Tr4vel-Lantern-Blue');
    await save.click();
    await expect(myNetwork.getByTestId('consumer-username')).toHaveText(
      'Current username: mwc-e2e-paula',
    );
    await expect(myNetwork.getByLabel('Username')).toHaveValue('');

    const consumerAuth = (username: string) =>
      request.post('/api/user/v1/consumerAuth', {
        data: { username, password: 'Tr4vel-Lantern-Blue' },
      });
    const signedIn = await consumerAuth('mwc-e2e-paula');
    expect(signedIn.status()).toBe(200);
    expect((await signedIn.json()).linesOfService).toEqual(['E2E-MYNET-LOS']);

    // A user name another subscriber has is refused with the server's reason.
    await myNetwork.getByLabel('Username').fill('e2e-priya');
    await myNetwork.getByLabel('Passphrase', { exact: true }).fill('Tr4vel-Lantern-Blue');
    await myNetwork.getByLabel('Confirm passphrase').fill('Tr4vel-Lantern-Blue');
    await save.click();
    await expect(myNetwork.getByRole('alert')).toHaveText('This username is already in use.');
    await expect(myNetwork.getByTestId('consumer-username')).toHaveText(
      'Current username: mwc-e2e-paula',
    );

    await myNetwork.getByRole('button', { name: 'Remove sign-in' }).click();
    await myNetwork.getByRole('button', { name: 'Yes' }).click();
    await expect(
      myNetwork.getByText('This subscriber has no My Network sign-in yet.'),
    ).toBeVisible();
    expect((await consumerAuth('mwc-e2e-paula')).status()).toBe(401);
  });

  test('a CSR is turned away from provisioning', async ({ page, context }) => {
    await useStaffSession(context, accounts.csr.email);
    await page.goto('/provisioning');
    await expect(page).toHaveURL(/\/search/);
  });
});

test.describe('search', () => {
  test('suggests recent lines before a term, filters unassociated results, explains missing devices', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.admin.email);
    await page.goto('/provisioning');
    const subscriberForm = page.getByRole('form', { name: 'Subscriber' });
    await subscriberForm.getByLabel('Name').fill('Sam Searchable');
    await subscriberForm.getByLabel('Subscriber Code').fill('E2E-SEARCH-1');
    await subscriberForm.getByRole('button', { name: 'Create' }).click();
    const deviceForm = page.getByRole('form', { name: 'Device' });
    await deviceForm.getByLabel('Line of Service Code').fill('E2E-SEARCH-LOS');
    await deviceForm.getByRole('button', { name: 'Create' }).click();
    await expect(deviceForm.getByLabel('Reporting URL')).toBeVisible();

    await page.goto('/search');
    await expect(page.getByRole('status')).toHaveText('Recently active lines of service');
    await expect(
      page.getByRole('table').getByRole('row', { name: /Line E2E-SEARCH-LOS, no subscriber/ }),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');

    await page.getByRole('textbox', { name: 'Search term' }).fill('e2e-search');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('2 results');
    const noDevice = page.getByRole('table').getByRole('row', { name: /Sam Searchable/ });
    await noDevice.getByRole('button', { name: 'Subscriber has no associated device(s)' }).click();
    await expect(page.getByRole('dialog')).toHaveText('Subscriber has no associated device(s)');
    await page.keyboard.press('Escape');

    await page.getByLabel('Unassociated only').click();
    await expect(page.getByLabel('Unassociated only')).toBeChecked();
    await expect(page).toHaveURL(/unassociated=true/);
    await expect(page.getByRole('status')).toHaveText('2 results');

    // The last search is kept for the tab.
    await page.goto('/dashboard');
    await page.goto('/search');
    await expect(page.getByRole('textbox', { name: 'Search term' })).toHaveValue('e2e-search');
  });
});
