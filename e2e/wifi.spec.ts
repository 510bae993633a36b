import {
  type MacCounters,
  type MacCountersResponse,
  signalPercent,
  type WifiSettings,
} from '@linesight/contract';
import { expect, type Page, type Response, test } from '@playwright/test';
import { formatChartValue } from '../apps/web/src/components/charts/chart-format';
import { accounts } from './support/e2e-settings';
import { busyLine, neverReportedLine } from './support/fleet';
import { openAndSignIn } from './support/sign-in';

/** The WiFi screens against the answers the page drew, for the fleet's busy household. */

test.use({ timezoneId: 'UTC' });

function answerOf(page: Page, path: RegExp): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return path.test(`${url.pathname}${url.search}`);
  });
}

/** The data table's cell of a device at the answer's third-last point (a closed one). */
async function expectDeviceValues(
  page: Page,
  hosts: readonly MacCounters[],
  value: (host: MacCounters, index: number) => number | null,
  language = 'en-US',
): Promise<void> {
  const drawn = hosts.filter((host) =>
    host.bm.hour?.inBytes.some((_, index) => value(host, index) !== null),
  );
  const first = drawn[0]?.bm.hour;
  expect(first, 'the line has WiFi devices to draw').toBeDefined();
  if (!first) return;
  const index = Math.max(0, first.inBytes.length - 3);
  const time = first.startTime + index * first.intervalSeconds * 1000;
  const rowText = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(time);
  const table = page.getByTestId('chart-data-table');
  const row = table.getByRole('row').filter({ hasText: rowText });
  const names = await table.getByRole('columnheader').allTextContents();
  for (const host of drawn.slice(0, 3)) {
    const series = host.bm.hour;
    if (!series) continue;
    const at = Math.round((time - series.startTime) / (series.intervalSeconds * 1000));
    const column = names.findIndex((name) => name.startsWith(`${host.host} (`));
    expect(column, `${host.host} has a column`).toBeGreaterThan(0);
    await expect(row.getByRole('cell').nth(column)).toHaveText(
      formatChartValue(language, at < 0 ? null : value(host, at)),
    );
  }
}

const kbpsToMbps = (kbps: number | null | undefined): number | null =>
  kbps === null || kbps === undefined ? null : kbps / 1000;

test.describe('WiFi', () => {
  test.beforeEach(async ({ page }) => {
    await openAndSignIn(page, accounts.csr.email);
  });

  test('shows the WiFi devices’ link rates as served, tx downstream and rx upstream', async ({
    page,
  }) => {
    await page.goto(`/wifi/${busyLine.lineOfServiceCode}/devices`);
    const hour = answerOf(page, /\/api\/maccounter\/v1\/FLEET-LOS-BUSY\?timespan=hour/);
    await page.getByText('Hour', { exact: true }).click();
    const hosts = ((await (await hour).json()) as MacCountersResponse).hosts;
    const wifiHosts = busyLine.hosts.filter((host) => host.connection === 'wifi');
    await expect(page.getByTestId('chart-legend').getByRole('listitem')).toHaveCount(
      hosts.filter((host) => host.bm.hour?.txRate.some((rate) => rate !== null)).length,
    );
    expect(wifiHosts.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Show data table' }).click();
    await expectDeviceValues(page, hosts, (host, index) => kbpsToMbps(host.bm.hour?.txRate[index]));
    await page.getByText('Upstream', { exact: true }).click();
    await expectDeviceValues(page, hosts, (host, index) => kbpsToMbps(host.bm.hour?.rxRate[index]));
  });

  test('lists the radios and networks the gateway reported', async ({ page }) => {
    const settingsAnswer = answerOf(page, /\/api\/wifiSettings\/v1\/FLEET-LOS-BUSY$/);
    await page.goto(`/wifi/${busyLine.lineOfServiceCode}/devices`);
    const settings = (await (await settingsAnswer).json()) as WifiSettings;
    const radios = page.getByRole('table', { name: 'WiFi settings' });
    for (const radio of settings.wifiRadios) {
      const row = radios.getByRole('row').filter({ hasText: radio.freqBand ?? '' });
      await expect(row).toContainText(radio.channel === 0 ? 'Auto' : String(radio.channel));
      if (radio.channelBandwidth !== null)
        await expect(row).toContainText(`${radio.channelBandwidth} MHz`);
    }
    const networks = page.getByRole('table', { name: 'Networks' });
    for (const network of settings.wifiRadios.flatMap((radio) => radio.wifiNetworks)) {
      if (network.ssid === null) continue;
      const row = networks.getByRole('row').filter({ hasText: network.ssid }).first();
      await expect(row).toContainText(network.ssidEnabled ? 'Yes' : 'No');
    }
  });

  test('opens a device with its signal strength in percent of the dBm served', async ({ page }) => {
    await page.goto(`/wifi/${busyLine.lineOfServiceCode}/devices`);
    const hour = answerOf(page, /\/api\/maccounter\/v1\/FLEET-LOS-BUSY\?timespan=hour/);
    await page.getByText('Hour', { exact: true }).click();
    const hosts = ((await (await hour).json()) as MacCountersResponse).hosts;
    const device = hosts.find((host) => host.bm.hour?.rssi.some((dbm) => dbm !== null));
    if (!device) throw new Error('no WiFi device');
    const day = answerOf(page, /\/api\/maccounter\/v1\/FLEET-LOS-BUSY\?timespan=day/);
    await page
      .getByTestId('chart-legend')
      .getByRole('button', { name: device.host, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/wifi/${busyLine.lineOfServiceCode}/detail/`));
    await day;
    const signal = page.getByRole('figure', { name: `Signal strength of ${device.host}` });
    await expect(signal).toBeVisible();
    await page.getByText('Hour', { exact: true }).click();
    const signalChart = page.getByTestId('time-chart').filter({ has: signal });
    await signalChart.getByRole('button', { name: 'Show data table' }).click();
    const dbm = device.bm.hour?.rssi.findLast((value) => value !== null) ?? null;
    expect(dbm).not.toBeNull();
    await expect(signalChart.getByTestId('chart-data-table')).toContainText(
      formatChartValue('en-US', signalPercent(dbm ?? 0)),
    );
  });

  test('says a line that never reported has no data and no settings', async ({ page }) => {
    await page.goto(`/wifi/${neverReportedLine.lineOfServiceCode}/devices`);
    await expect(page.getByText('No data available')).toBeVisible();
    await expect(
      page.getByText('The gateway has not reported its WiFi settings yet.').first(),
    ).toBeVisible();
  });
});

for (const [language, heading, settingsTitle] of [
  ['es', 'WiFi', 'Configuración WiFi'],
  ['fr', 'WiFi', 'Paramètres WiFi'],
] as const) {
  test(`WiFi in ${language}: the screen in the user’s language`, async ({ page }) => {
    await openAndSignIn(page, accounts.csr.email);
    await page.evaluate((chosen) => localStorage.setItem('ls_language', chosen), language);
    await page.goto(`/wifi/${busyLine.lineOfServiceCode}/devices`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: settingsTitle })).toBeVisible();
    await expect(page.getByTestId('chart-legend')).toBeVisible();
  });
}
