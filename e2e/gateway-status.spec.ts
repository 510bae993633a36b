import {
  capabilityFlags,
  type DeviceCapabilities,
  type PhysicalStatus,
  type PhysicalStatusResponse,
  temperatureSentinels,
} from '@linesight/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatChartValue, formatDateTime } from '../apps/web/src/components/charts/chart-format';
import { answerOf, chartLabelled } from './support/chart-answers';
import { accounts } from './support/e2e-settings';
import { busyLine, dslLine, neverReportedLine, offlineLine } from './support/fleet';
import { useConsumerSession, useLanguage, useStaffSession } from './support/sign-in';

/** The gateway status screen against the physical status answers the page drew. */

test.use({ timezoneId: 'UTC' });

const chartLabel = 'Gateway RAM, CPU load and temperature';
const physicalStatusOf = (losCode: string) =>
  new RegExp(`/api/physicalStatus/v1/span/${losCode}\\?startTime=\\d+&endTime=\\d+$`);

type Unit = '°C' | '°F';

/**
 * What the chart draws of the answer at one point, worked out here from the seed's units: used
 * RAM is the share of the total not free, temperature comes in tenths of °C, and a sentinel is
 * drawn at 0.
 */
function drawnAt(status: PhysicalStatus, index: number, unit: Unit): (number | null)[] {
  const sentinel = (value: number): boolean =>
    (temperatureSentinels as readonly number[]).includes(value);
  const free = status.freeRam[index] ?? null;
  const usedRam =
    free === null || status.totalRam === null
      ? null
      : sentinel(free)
        ? 0
        : ((status.totalRam - free) / status.totalRam) * 100;
  const cpu = status.cpuLoad[index] ?? null;
  const tenths = status.temp[index] ?? null;
  const temperature =
    tenths === null
      ? null
      : sentinel(tenths)
        ? 0
        : unit === '°C'
          ? tenths / 10
          : ((tenths / 10) * 9) / 5 + 32;
  return [usedRam, cpu !== null && sentinel(cpu) ? 0 : cpu, temperature];
}

/**
 * The chart's data table shows, at the latest point with a CPU figure, what the answer says:
 * one column per series shown, `name (unit)`.
 */
async function expectTableMatches(
  chart: Locator,
  response: PhysicalStatusResponse,
  columns: readonly string[],
  unit: Unit,
): Promise<void> {
  const status = response.gateway.physicalStatus;
  const index = status.cpuLoad.findLastIndex((load) => load !== null);
  expect(index, 'the gateway reported a CPU load in the span').toBeGreaterThanOrEqual(0);
  const time = status.startTime + index * status.intervalMinutes * 60_000;
  const table = chart.getByTestId('chart-data-table');
  await expect(table.getByRole('columnheader')).toHaveText(['Time', ...columns]);
  const row = table.getByRole('row').filter({
    has: chart
      .page()
      .getByRole('cell', { name: formatDateTime('en-US', time, 'UTC'), exact: true }),
  });
  const names = ['Used RAM (%)', 'CPU load (%)', `Temperature (${unit})`];
  const expected = drawnAt(status, index, unit)
    .map((value, series) => [names[series], formatChartValue('en-US', value)] as const)
    .filter(([name]) => columns.includes(name ?? ''))
    .map(([, text]) => text);
  await expect(row.getByRole('cell')).toHaveText([
    formatDateTime('en-US', time, 'UTC'),
    ...expected,
  ]);
}

async function openBusyGateway(page: Page): Promise<PhysicalStatusResponse> {
  const answer = answerOf(page, physicalStatusOf(busyLine.lineOfServiceCode));
  await page.goto(`/physical-status/${busyLine.lineOfServiceCode}`);
  return (await (await answer).json()) as PhysicalStatusResponse;
}

test.describe('Gateway status', () => {
  test('draws RAM, CPU and temperature as served, in °C or °F, hides a series, and reloads for a timespan', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    const day = await openBusyGateway(page);
    const chart = chartLabelled(page, chartLabel);
    await chart.getByRole('button', { name: 'Show data table' }).click();
    const all = ['Used RAM (%)', 'CPU load (%)', 'Temperature (°C)'];
    await expectTableMatches(chart, day, all, '°C');

    await page.getByText('°F', { exact: true }).click();
    await expectTableMatches(
      chart,
      day,
      ['Used RAM (%)', 'CPU load (%)', 'Temperature (°F)'],
      '°F',
    );

    await chart.getByRole('checkbox', { name: 'Show CPU load' }).uncheck();
    await expectTableMatches(chart, day, ['Used RAM (%)', 'Temperature (°F)'], '°F');

    const hourAnswer = answerOf(page, physicalStatusOf(busyLine.lineOfServiceCode));
    await chart.getByText('Hour', { exact: true }).click();
    const hourResponse = await hourAnswer;
    const query = new URL(hourResponse.url()).searchParams;
    expect(Number(query.get('endTime')) - Number(query.get('startTime'))).toBe(3600_000);
    const hour = (await hourResponse.json()) as PhysicalStatusResponse;
    expect(hour.gateway.physicalStatus.intervalMinutes).toBe(1);
    // The hidden series stays hidden over the reload.
    await expectTableMatches(chart, hour, ['Used RAM (%)', 'Temperature (°F)'], '°F');
  });

  test('shows the latest figures and connection details as served, the support information, and no capabilities to a CSR', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    const { gateway } = await openBusyGateway(page);
    const status = gateway.physicalStatus;
    await expect(page.getByRole('tab')).toHaveText(['Physical status', 'Connection details']);

    const figures = page.getByTestId('physical-status-rows');
    const figure = (label: string) => figures.getByRole('row').filter({ hasText: label });
    await expect(figure('CPU load')).toContainText(
      `${formatChartValue('en-US', status.mostRecentCPULoad)} %`,
    );
    expect(status.totalRam).not.toBeNull();
    await expect(figure('Total RAM')).toContainText(
      `${formatChartValue('en-US', (status.totalRam ?? 0) / 1e6)} MB`,
    );
    const tenths = status.mostRecentTemp ?? 0;
    await expect(figure('Temperature')).toContainText(
      `${formatChartValue('en-US', tenths / 10)} °C / ${formatChartValue('en-US', ((tenths / 10) * 9) / 5 + 32)} °F`,
    );

    await page.getByRole('tab', { name: 'Connection details' }).click();
    const details = page.getByTestId('connection-rows');
    await expect(details).toContainText(gateway.details.online ? 'Online' : 'Offline');
    for (const value of [
      gateway.details.serialNumber,
      gateway.details.modelName,
      gateway.details.firmwareVersion,
    ]) {
      if (value !== null) await expect(details).toContainText(value);
    }

    await page.getByRole('button', { name: 'Support information' }).click();
    await expect(page.getByTestId('support-info')).toContainText(
      gateway.details.firmwareVersion ?? '',
    );
  });

  test('shows an admin the client capabilities the gateway has shown', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.admin.email);
    const answer = answerOf(
      page,
      new RegExp(`/api/deviceCapabilities/v1/${busyLine.lineOfServiceCode}$`),
    );
    await page.goto(`/physical-status/${busyLine.lineOfServiceCode}`);
    await page.getByRole('tab', { name: 'Client capabilities' }).click();
    const capabilities = (await (await answer).json()) as DeviceCapabilities;
    // Every flag in the seed's order, each as the answer says: "docsisSupported", say.
    await expect(page.getByTestId('capability-rows').getByRole('row')).toHaveText(
      capabilityFlags.map(
        (flag) => new RegExp(`^${flag}\\s*${capabilities[flag] ? 'Supported' : 'Not supported'}$`),
      ),
    );
  });

  test('lists an offline gateway’s open spell as still offline, from its last report', async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    const answer = answerOf(page, physicalStatusOf(offlineLine.lineOfServiceCode));
    await page.goto(`/physical-status/${offlineLine.lineOfServiceCode}`);
    const { gateway } = (await (await answer).json()) as PhysicalStatusResponse;
    expect(gateway.details.online).toBe(false);
    const open = gateway.physicalStatus.downtime.find((spell) => spell.endTime === null);
    expect(open, 'the answer holds the open spell').toBeDefined();
    const downtime = page.getByRole('table', { name: 'Downtime' });
    await expect(
      downtime.getByRole('row').filter({ hasText: 'Still offline' }).getByRole('cell'),
    ).toHaveText([
      'Offline',
      formatDateTime('en-US', open?.startTime ?? 0, 'UTC'),
      'Still offline',
    ]);
    await expect(page.getByTestId('physical-status-rows')).toContainText(
      'Uptime at the last report',
    );
    await page.getByRole('tab', { name: 'Connection details' }).click();
    await expect(page.getByTestId('connection-rows')).toContainText('Offline');
  });

  test('says a gateway that never reported has no data', async ({ page, context }) => {
    await useStaffSession(context, accounts.csr.email);
    const answer = answerOf(page, physicalStatusOf(neverReportedLine.lineOfServiceCode));
    await page.goto(`/physical-status/${neverReportedLine.lineOfServiceCode}`);
    expect((await answer).status()).toBe(204);
    const chart = chartLabelled(page, chartLabel);
    await expect(chart.getByRole('status')).toHaveText('No data available');
    await expect(page.getByRole('tabpanel')).toHaveText('No data available');
    await expect(page.getByRole('table', { name: 'Downtime' })).toContainText('No data available');
  });

  test('keeps a consumer out: their own line’s gateway status opens its summary', async ({
    page,
    context,
  }) => {
    await useConsumerSession(context);
    await page.goto(`/physical-status/${dslLine.lineOfServiceCode}`);
    await expect(page).toHaveURL(new RegExp(`/summary/${dslLine.lineOfServiceCode}$`));
    await expect(chartLabelled(page, chartLabel)).toHaveCount(0);
  });
});

for (const [language, title, tab] of [
  ['es', 'Estado del gateway', 'Estado físico'],
  ['fr', 'État de la passerelle', 'État physique'],
] as const) {
  test(`Gateway status in ${language}: the screen in the user’s language`, async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    await useLanguage(context, language);
    await page.goto(`/physical-status/${busyLine.lineOfServiceCode}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    await expect(page.getByTestId('chart-legend')).toBeVisible();
  });
}
