import { expect, test } from '@playwright/test';
import { accounts } from './support/e2e-settings';
import { busyLine, fleetReportingSeconds, noBlockingLine, refusingLine } from './support/fleet';
import { holdCommandStatus } from './support/command-status';
import { card, onlineWifi, openDetails, openSummary } from './support/device-cards';
import { useLanguage, useStaffSession } from './support/sign-in';

/**
 * The device details panel on the fleet's lines: a rename and an icon change saved through the
 * API, and the block toggle carried out (or refused) by the simulated gateways.
 */

test('renames a device and changes its icon; the card shows the new name', async ({
  page,
  context,
}) => {
  await useStaffSession(context, accounts.csr.email);
  const devices = await openSummary(page, busyLine.lineOfServiceCode);
  const device = onlineWifi(devices)[0];
  if (!device) throw new Error('the busy line has an online WiFi device');
  await openDetails(page, device);

  const details = page.getByTestId('device-details');
  await expect(details.getByTestId('device-rows')).toContainText(device.macAddress);
  await details.getByRole('button', { name: 'Edit' }).click();
  await details.getByLabel('Name').fill('Den Console');
  await details.getByRole('radio', { name: 'Game console' }).click();
  const saved = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().includes('/api/localnetwork/v1/'),
  );
  await details.getByRole('button', { name: 'Done' }).click();
  expect((await saved).postDataJSON()).toEqual({
    localNetwork: [{ macAddress: device.macAddress, alias: 'Den Console', icon: 'game-console' }],
  });
  await expect(page.getByTestId('device-details-name')).toHaveText('Den Console');

  await openSummary(page, busyLine.lineOfServiceCode);
  await expect(card(page, device).getByTestId('device-name')).toHaveText('Den Console');

  // An empty name gives the device back its reported one.
  await openDetails(page, device);
  await details.getByRole('button', { name: 'Edit' }).click();
  await details.getByLabel('Name').fill('');
  await details.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('device-details-name')).toHaveText(
    device.name ?? device.macAddress,
  );
});

test('blocks a device through the gateway and unblocks it, the card following each report', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await useStaffSession(context, accounts.admin.email);
  const devices = await openSummary(page, busyLine.lineOfServiceCode);
  const device = onlineWifi(devices).filter((candidate) => !candidate.blocked)[1];
  if (!device) throw new Error('the busy line has a second online WiFi device');
  const reported = { timeout: fleetReportingSeconds * 4 * 1000 };

  for (const block of [true, false]) {
    await openDetails(page, device);
    const toggle = page.getByRole('switch', { name: 'Block this device' });
    await expect(toggle).toBeEnabled();
    const release = await holdCommandStatus(page);
    await toggle.click({ force: true });
    await expect(page.getByTestId('action-pending')).toHaveText(
      'Sending the command to the gateway…',
    );
    await expect(toggle).toBeDisabled();
    release();
    await expect(page.getByTestId('action-result')).toContainText('Command successful.', reported);
    await expect(page.getByTestId('action-result')).toContainText(
      "after the gateway's next report",
    );
    if (block) await expect(toggle).toBeChecked();
    else await expect(toggle).not.toBeChecked();

    await expect(async () => {
      await openSummary(page, busyLine.lineOfServiceCode);
      await expect(card(page, device).getByRole('img', { name: 'Blocked' })).toHaveCount(
        block ? 1 : 0,
        { timeout: 2000 },
      );
    }).toPass(reported);
  }
});

test('a command the gateway refuses shows its reason and puts the toggle back', async ({
  page,
  context,
}) => {
  await useStaffSession(context, accounts.csr.email);
  const devices = await openSummary(page, refusingLine.lineOfServiceCode);
  const device = onlineWifi(devices)[0];
  if (!device) throw new Error('the refusing line has an online WiFi device');
  await openDetails(page, device);
  const toggle = page.getByRole('switch', { name: 'Block this device' });
  const release = await holdCommandStatus(page);
  await toggle.click({ force: true });
  await expect(page.getByTestId('action-pending')).toBeVisible();
  await expect(toggle).toBeDisabled();
  // Leaving while the command is pending asks first; staying keeps the page and the command.
  const detailUrl = page.url();
  await page.getByRole('link', { name: 'All devices' }).click();
  const warning = page.getByRole('dialog', { name: 'A command is still pending' });
  await expect(warning).toContainText('If you leave, you will not see whether the command worked.');
  await warning.getByRole('button', { name: 'Stay' }).click();
  await expect(warning).toBeHidden();
  expect(page.url()).toBe(detailUrl);
  await expect(page.getByTestId('action-pending')).toBeVisible();
  release();
  await expect(page.getByTestId('action-result')).toHaveText('Device busy, try again later', {
    timeout: 30_000,
  });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
});

test('says why a device may not be blocked: an OpenWrt agent, or a wired device', async ({
  page,
  context,
}) => {
  await useStaffSession(context, accounts.csr.email);
  const wrtDevices = await openSummary(page, noBlockingLine.lineOfServiceCode);
  const wrtDevice = wrtDevices.find((device) => device.connectionType === 'WiFi');
  if (!wrtDevice) throw new Error('the WRT line has a WiFi device');
  await openDetails(page, wrtDevice);
  await expect(page.getByRole('switch', { name: 'Block this device' })).toBeDisabled();
  await expect(page.getByTestId('device-actions')).toContainText(
    'This device does not support the block/unblock command',
  );

  const busyDevices = await openSummary(page, busyLine.lineOfServiceCode);
  const wired = busyDevices.find((device) => device.connectionType === 'Ethernet');
  if (!wired) throw new Error('the busy line has a wired device');
  await openDetails(page, wired);
  await expect(page.getByRole('switch', { name: 'Block this device' })).toBeDisabled();
  await expect(page.getByTestId('device-actions')).toContainText(
    'Command not supported for ethernet devices',
  );
});

for (const [language, edit, actions] of [
  ['es', 'Editar', 'Acciones del dispositivo'],
  ['fr', 'Modifier', "Actions sur l'appareil"],
] as const) {
  test(`the device details in ${language}`, async ({ page, context }) => {
    await useStaffSession(context, accounts.csr.email);
    await useLanguage(context, language);
    const devices = await openSummary(page, busyLine.lineOfServiceCode);
    const device = devices.find((candidate) => candidate.connectionType === 'Ethernet');
    if (!device) throw new Error('the busy line has a wired device');
    await openDetails(page, device);
    await expect(
      page.getByTestId('device-details').getByRole('button', { name: edit }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: actions })).toBeVisible();
  });
}
