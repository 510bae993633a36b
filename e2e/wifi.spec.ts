import { type MacSeries, signalPercent, type WifiSettings } from '@linesight/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  answerOf,
  chartLabelled,
  CounterAnswers,
  expectTableValues,
  type PointValue,
  uniquelyNamed,
} from './support/chart-answers';
import { accounts } from './support/e2e-settings';
import { busyLine, neverReportedLine } from './support/fleet';
import { useLanguage, useStaffSession } from './support/sign-in';

/** The WiFi screens against the answers the page drew, for the fleet's busy household. */

test.use({ timezoneId: 'UTC' });

/** The link rate in Mbps of the kbps served: tx (gateway to device) is downstream. */
function linkRate(direction: 'downstream' | 'upstream'): PointValue {
  return (series: MacSeries, index: number) => {
    const kbps = (direction === 'downstream' ? series.txRate : series.rxRate)[index];
    return kbps === null || kbps === undefined ? null : kbps / 1000;
  };
}

const signal: PointValue = (series, index) => {
  const dbm = series.rssi[index];
  return dbm === null || dbm === undefined ? null : signalPercent(dbm);
};

const busyCounters = (page: Page, query: string): CounterAnswers =>
  new CounterAnswers(
    page,
    new RegExp(`/api/maccounter/v1/${busyLine.lineOfServiceCode}\\?timespan=${query}$`),
  );

test.describe('WiFi', () => {
  test.beforeEach(async ({ context }) => {
    await useStaffSession(context, accounts.csr.email);
  });

  test('shows the WiFi devices’ link rates as served, tx downstream and rx upstream', async ({
    page,
  }) => {
    const hour = busyCounters(page, 'hour');
    await page.goto(`/wifi/${busyLine.lineOfServiceCode}/devices`);
    const chart = chartLabelled(page, 'WiFi link rate per device');
    await chart.getByText('Hour', { exact: true }).click();
    // Only the WiFi hosts have a link rate: the ethernet ones are not drawn.
    const wifiHosts = busyLine.hosts.filter((host) => host.connection === 'wifi');
    await expect(async () => {
      const drawn = (await hour.latest()).filter((host) =>
        host.bm.hour?.txRate.some((rate) => rate !== null),
      );
      expect(drawn.length).toBeGreaterThan(0);
      expect(drawn.length).toBeLessThanOrEqual(wifiHosts.length);
      await expect(chart.getByTestId('chart-legend').getByRole('listitem')).toHaveCount(
        drawn.length,
        { timeout: 1000 },
      );
    }).toPass({ timeout: 20_000 });
    await chart.getByRole('button', { name: 'Show data table' }).click();
    await expectTableValues(chart, () => hour.latest(), 'hour', linkRate('downstream'));
    await chart.getByText('Upstream', { exact: true }).click();
    await expectTableValues(chart, () => hour.latest(), 'hour', linkRate('upstream'));
  });

  test('lists the radios and networks the gateway reported', async ({ page }) => {
    const settingsAnswer = answerOf(page, /\/api\/wifiSettings\/v1\/FLEET-LOS-BUSY$/);
    await page.goto(`/wifi/${busyLine.lineOfServiceCode}/devices`);
    const settings = (await (await settingsAnswer).json()) as WifiSettings;
    expect(settings.wifiRadios.length).toBeGreaterThan(0);
    const radios = page.getByRole('table', { name: 'WiFi settings' });
    await expect(radios.getByRole('row')).toHaveCount(settings.wifiRadios.length + 1);
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
    // A gateway's few radios and networks show whole: no paging under either table.
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  });

  test('opens a device: its link rate, and its signal strength in percent of the dBm served', async ({
    page,
  }) => {
    const day = busyCounters(page, 'day');
    await page.goto(`/wifi/${busyLine.lineOfServiceCode}/devices`);
    const device = uniquelyNamed(
      await day.latest(),
      (host) => host.bm.day?.rssi.some((dbm) => dbm !== null) ?? false,
    );
    await chartLabelled(page, 'WiFi link rate per device')
      .getByTestId('chart-legend')
      .getByRole('button', { name: device.host, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(
      new RegExp(
        `/wifi/${busyLine.lineOfServiceCode}/detail/${encodeURIComponent(device.macAddress)}$`,
      ),
    );
    await expect(page.getByTestId('device-details-name')).toHaveText(device.host);
    const only = async () =>
      (await day.latest()).filter((host) => host.macAddress === device.macAddress);

    const rates = chartLabelled(page, `WiFi link rate of ${device.host}`);
    await rates.getByRole('button', { name: 'Show data table' }).click();
    await expectTableValues(rates, only, 'day', linkRate('downstream'));

    // Drawn once, in the device details panel.
    const signalChart = chartLabelled(page, `Signal strength of ${device.host}`);
    await expect(signalChart).toHaveCount(1);
    await signalChart.getByRole('button', { name: 'Show data table' }).click();
    await expectTableValues(signalChart, only, 'day', signal, { unit: '%' });
  });

  test('says a line that never reported has no data and no settings', async ({ page }) => {
    await page.goto(`/wifi/${neverReportedLine.lineOfServiceCode}/devices`);
    await expect(page.getByText('No data available')).toBeVisible();
    await expect(
      page.getByText('The gateway has not reported its WiFi settings yet.').first(),
    ).toBeVisible();
  });
});

for (const [language, chartLabel, settingsTitle, networksTitle] of [
  ['es', 'Velocidad de enlace WiFi por dispositivo', 'Configuración WiFi', 'Redes'],
  ['fr', 'Débit du lien WiFi par appareil', 'Paramètres WiFi', 'Réseaux'],
] as const) {
  test(`WiFi in ${language}: the screen in the user’s language`, async ({ page, context }) => {
    await useStaffSession(context, accounts.csr.email);
    await useLanguage(context, language);
    await page.goto(`/wifi/${busyLine.lineOfServiceCode}/devices`);
    await expect(page.getByRole('heading', { name: 'WiFi', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: settingsTitle })).toBeVisible();
    await expect(page.getByRole('heading', { name: networksTitle, exact: true })).toBeVisible();
    await expect(chartLabelled(page, chartLabel).getByTestId('chart-legend')).toBeVisible();
  });
}
