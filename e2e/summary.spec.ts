import type { Gateway, LanDevice, LocalNetworkResponse, SupportInfo } from '@linesight/contract';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { accounts } from './support/e2e-settings';
import { busyLine, dslLine, neverReportedLine, offlineLine, refusingLine } from './support/fleet';
import { useConsumerSession, useLanguage, useStaffSession } from './support/sign-in';

/**
 * The summary against what the server served for the fleet's lines: the counts and cards the
 * test expects come from the body of the very answer the page drew.
 */

function answerOf(page: Page, path: RegExp): Promise<Response> {
  return page.waitForResponse((response) => path.test(new URL(response.url()).pathname));
}

async function devicesOf(response: Response): Promise<LanDevice[]> {
  return ((await response.json()) as LocalNetworkResponse).devices;
}

const onlineOn = (devices: readonly LanDevice[], type: LanDevice['connectionType']): number =>
  devices.filter((device) => device.online && device.connectionType === type).length;

const cards = (page: Page) => page.getByTestId('device-card');

test.describe('the summary of a line, for staff', () => {
  test('shows the busy household with the counts and cards the server served, online first', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    const network = answerOf(page, /\/api\/localnetwork\/v1\/FLEET-LOS-BUSY$/);
    const gatewayAnswer = answerOf(page, /\/api\/gateway\/v1\/FLEET-LOS-BUSY$/);
    await page.goto(`/summary/${busyLine.lineOfServiceCode}`);
    const devices = await devicesOf(await network);
    const gateway = (await (await gatewayAnswer).json()) as Gateway;

    await expect(page.getByTestId('subscriber-name')).toHaveText(busyLine.subscriberName);
    await expect(page.getByText(busyLine.subscriberCode, { exact: true })).toBeVisible();
    await expect(page.getByText(busyLine.deviceType, { exact: true })).toBeVisible();
    await expect(page.getByText(busyLine.serialNumber, { exact: true })).toBeVisible();

    // The hosts the gateway has reported so far, each one of its household's.
    const household = busyLine.hosts.map((host) => host.macAddress);
    expect(devices.length).toBeGreaterThan(15);
    for (const device of devices) expect(household).toContain(device.macAddress);
    const status = page.getByTestId('network-status');
    await expect(status.getByTestId('count-wifi')).toHaveText(String(onlineOn(devices, 'WiFi')));
    await expect(status.getByTestId('count-ethernet')).toHaveText(
      String(onlineOn(devices, 'Ethernet')),
    );
    await expect(status.getByTestId('gateway-state')).toHaveText(
      gateway.online ? 'Online' : 'Offline',
    );
    await expect(page.getByRole('img', { name: 'Connected' })).toHaveCount(2);

    await expect(cards(page)).toHaveCount(devices.length);
    const online = devices.filter((device) => device.online).length;
    const shownOnline = await cards(page).evaluateAll((all) =>
      all.map((card) => card.textContent?.includes('Online') ?? false),
    );
    expect(shownOnline).toEqual(devices.map((_, index) => index < online));

    const filter = page.getByRole('radiogroup', { name: 'Show devices' });
    await filter.getByText('Offline', { exact: true }).click();
    await expect(cards(page)).toHaveCount(devices.length - online);
    await filter.getByText('High bandwidth', { exact: true }).click();
    const top = devices
      .filter((device) => device.throughputRank !== null)
      .sort((a, b) => (a.throughputRank ?? 0) - (b.throughputRank ?? 0))
      .slice(0, 3)
      .map((device) => device.macAddress);
    await expect(cards(page)).toHaveCount(top.length);
    expect(
      (await cards(page).evaluateAll((all) => all.map((card) => card.dataset.mac))).sort(),
    ).toEqual([...top].sort());
    await filter.getByText('Weak WiFi', { exact: true }).click();
    await expect(cards(page)).toHaveCount(
      devices.filter(
        (device) =>
          device.connectionType === 'WiFi' && device.wifiSignal !== null && device.wifiSignal < 2,
      ).length,
    );
  });

  test('says a line whose gateway never reported has nothing to show yet', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    await page.goto(`/summary/${neverReportedLine.lineOfServiceCode}`);
    await expect(page.getByTestId('subscriber-name')).toHaveText(neverReportedLine.subscriberName);
    await expect(page.getByTestId('never-reported')).toHaveText(
      "This line's gateway has not reported yet: there is nothing to show until it does.",
    );
    await page.getByRole('button', { name: 'Support information' }).click();
    await expect(page.getByTestId('support-info')).toHaveText(
      'Device has not contacted the server yet',
    );
  });

  test('shows a gateway that stopped reporting as offline, with its devices offline', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    const network = answerOf(page, /\/api\/localnetwork\/v1\/FLEET-LOS-OFFLINE$/);
    await page.goto(`/summary/${offlineLine.lineOfServiceCode}`);
    const devices = await devicesOf(await network);
    await expect(page.getByTestId('gateway-state')).toHaveText('Offline');
    await expect(page.getByRole('img', { name: 'Disconnected' })).toHaveCount(2);
    expect(devices.length).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(devices.length);
    await expect(cards(page).filter({ hasText: 'Online' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('says a line code typed in the address bar does not exist, and the menus keep their line', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    await page.goto(`/summary/${refusingLine.lineOfServiceCode}`);
    await expect(page.getByTestId('subscriber-name')).toHaveText(refusingLine.subscriberName);
    await page.goto('/summary/NO-SUCH-LINE');
    await expect(page.getByTestId('line-error')).toHaveText(
      'There is no line of service NO-SUCH-LINE.',
    );
    await expect(page.getByRole('button', { name: 'Support information' })).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Network' })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Summary' })).toHaveAttribute(
      'href',
      `/summary/${refusingLine.lineOfServiceCode}`,
    );
  });

  test('shows the support information the gateway reported', async ({ page, context }) => {
    await useStaffSession(context, accounts.admin.email);
    await page.goto(`/summary/${busyLine.lineOfServiceCode}`);
    const answer = answerOf(page, /\/api\/supportInfo\/v1\/FLEET-LOS-BUSY$/);
    await page.getByRole('button', { name: 'Support information' }).click();
    const info = (await (await answer).json()) as SupportInfo;
    const popover = page.getByTestId('support-info');
    for (const [label, value] of [
      ['Client ID', info.clientId],
      ['WAN IP', info.wanIp],
      ['Client version', info.clientVersion],
      ['Firmware version', info.firmwareVersion],
    ] as const) {
      await expect(popover.getByRole('row').filter({ hasText: label })).toContainText(value ?? '—');
    }
  });

  test('sets, checks and deletes a user location for the gateway, the map drawn without tiles', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.admin.email);
    await page.goto(`/summary/${refusingLine.lineOfServiceCode}`);
    const panel = page.getByTestId('location-panel');
    await expect(panel.getByTestId('location-map').locator('path').first()).toBeAttached();

    await panel.getByRole('button', { name: 'Edit' }).click();
    // The form starts from the location shown: the gateway's own.
    await panel.getByLabel('Latitude').fill('45.5016889123');
    await panel.getByLabel('Longitude').fill('');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Latitude and Longitude is required.');
    await panel.getByLabel('Longitude').fill('-73.567256789');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByTestId('location-coordinates')).toHaveText('45.50169, -73.56726');
    await expect(panel.getByTestId('location-source')).toHaveText('Set by a user');
    await expect(panel.getByRole('button', { name: 'Refresh' })).toHaveCount(0);

    await panel.getByRole('button', { name: 'Delete my location' }).click();
    await expect(panel.getByRole('button', { name: 'Delete my location' })).toHaveCount(0);
    await expect(panel.getByTestId('location-coordinates')).not.toHaveText('45.50169, -73.56726');

    await panel.getByRole('button', { name: 'Hide map' }).click();
    await expect(panel.getByTestId('location-map')).toHaveCount(0);
    await page.reload();
    await expect(panel.getByRole('button', { name: 'Show map' })).toBeVisible();
    await expect(panel.getByTestId('location-map')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Show map' }).click();
  });
});

test.describe('the summary for a consumer', () => {
  test('shows My Devices with one combined count, the networks and the WiFi signal, and nothing of staff', async ({
    page,
    context,
  }) => {
    await useConsumerSession(context);
    const network = answerOf(page, /\/api\/localnetwork\/v1\/FLEET-LOS-DSL$/);
    await page.goto(`/summary/${dslLine.lineOfServiceCode}`);
    const devices = await devicesOf(await network);

    await expect(page.getByRole('heading', { name: 'My Devices' })).toBeVisible();
    await expect(page.getByTestId('count-total')).toHaveText(
      String(devices.filter((device) => device.online).length),
    );
    await expect(cards(page)).toHaveCount(devices.length);
    await expect(page.getByRole('radiogroup', { name: 'Show devices' })).toHaveCount(0);
    await expect(page.getByTestId('count-wifi')).toHaveCount(0);
    for (const staffOnly of ['Selected line of service', 'Gateway location', 'Bandwidth']) {
      await expect(page.getByRole('heading', { name: staffOnly, exact: true })).toHaveCount(0);
    }
    await expect(page.getByTestId('consumer-networks').getByRole('row')).not.toHaveCount(0);

    await page.getByRole('button', { name: 'WiFi signal' }).click();
    await expect(page.getByRole('dialog', { name: 'WiFi signal' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Whether the element lies wholly inside the page's width. */
  const withinWidth = async (locator: Locator): Promise<boolean> => {
    const box = await locator.boundingBox();
    return box !== null && box.x >= 0 && box.x + box.width <= 390;
  };

  test('the staff menus, the user menu and the connection diagram all fit the screen', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.admin.email);
    await page.goto(`/summary/${busyLine.lineOfServiceCode}`);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Reports', 'Search', 'Network', 'Gateway', 'Admin', 'User menu']) {
      const item = navigation
        .getByRole('button', { name })
        .or(navigation.getByRole('link', { name }));
      await expect(item).toBeVisible();
      expect(await withinWidth(item), `${name} is on screen`).toBe(true);
    }
    const diagram = page.getByTestId('connection-diagram');
    await expect(diagram.getByText('Home network')).toBeVisible();
    expect(await withinWidth(diagram.getByText('Home network'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });

  test('a consumer reaches the user menu to sign out', async ({ page, context }) => {
    await useConsumerSession(context);
    await page.goto(`/summary/${dslLine.lineOfServiceCode}`);
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await expect(userMenu).toBeVisible();
    expect(await withinWidth(userMenu)).toBe(true);
    await userMenu.click();
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  });
});

for (const [language, status, devicesHeading, wireless] of [
  ['es', 'Estado de la red', 'Dispositivos', 'Dispositivos inalámbricos'],
  ['fr', 'État du réseau', 'Appareils', 'Appareils sans fil'],
] as const) {
  test(`the summary in ${language}`, async ({ page, context }) => {
    await useStaffSession(context, accounts.csr.email);
    await useLanguage(context, language);
    await page.goto(`/summary/${busyLine.lineOfServiceCode}`);
    await expect(page.getByRole('heading', { name: status })).toBeVisible();
    await expect(page.getByRole('heading', { name: devicesHeading, exact: true })).toBeVisible();
    await expect(page.getByTestId('network-status')).toContainText(wireless);
  });
}
