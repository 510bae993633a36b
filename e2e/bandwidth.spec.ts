import {
  type MacCounters,
  type MacCountersResponse,
  type MacSeries,
  minZoomReportingIntervals,
  zoomLeadSeconds,
} from '@linesight/contract';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { formatBytes, formatChartValue } from '../apps/web/src/components/charts/chart-format';
import { accounts } from './support/e2e-settings';
import { busyLine, dslLine, neverReportedLine, sr400Line } from './support/fleet';
import { openAndSignIn, useConsumerSession } from './support/sign-in';

/**
 * The bandwidth screens against what the server served for the fleet's lines: every figure the
 * test expects is worked out from the body of the very answer the page drew.
 */

test.use({ timezoneId: 'UTC' });

/** The next answer whose path and query match, as the page received it. */
function answerOf(page: Page, path: RegExp): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return path.test(`${url.pathname}${url.search}`);
  });
}

async function countersOf(response: Response): Promise<MacCounters[]> {
  return ((await response.json()) as MacCountersResponse).hosts;
}

function pointTime(series: MacSeries, index: number): number {
  return series.startTime + index * series.intervalSeconds * 1000;
}

/** The data table row of a time, as the chart writes it (en-US, UTC). */
function rowAt(page: Page, time: number, language = 'en-US'): Locator {
  const text = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(time);
  return page.getByTestId('chart-data-table').getByRole('row').filter({ hasText: text });
}

/** A device's cell in a row: the columns are Time, then the devices in the answer's order. */
async function expectRate(
  page: Page,
  hosts: readonly MacCounters[],
  span: keyof MacCounters['bm'],
  direction: 'downstream' | 'upstream',
  language = 'en-US',
): Promise<void> {
  const drawn = hosts.filter((host) =>
    (direction === 'downstream' ? host.bm[span]?.inBytes : host.bm[span]?.outBytes)?.some(
      (bytes) => bytes !== null,
    ),
  );
  const first = drawn[0]?.bm[span];
  expect(first, 'the line has counters to draw').toBeDefined();
  if (!first) return;
  // A closed point: the last one may still grow with the next report.
  const index = Math.max(0, first.inBytes.length - 3);
  const row = rowAt(page, pointTime(first, index), language);
  const header = page.getByTestId('chart-data-table').getByRole('columnheader');
  const names = await header.allTextContents();
  for (const host of drawn.slice(0, 3)) {
    const series = host.bm[span];
    if (!series) continue;
    const at = series.inBytes.findIndex(
      (_, point) => pointTime(series, point) === pointTime(first, index),
    );
    const bytes =
      at < 0 ? null : (direction === 'downstream' ? series.inBytes : series.outBytes)[at];
    const expected =
      bytes === null || bytes === undefined
        ? '–'
        : formatChartValue(language, (bytes * 8) / series.intervalSeconds / 1e6);
    const column = names.findIndex((name) => name.startsWith(`${host.host} (`));
    expect(column, `${host.host} has a column`).toBeGreaterThan(0);
    await expect(row.getByRole('cell').nth(column)).toHaveText(expected);
  }
}

test.describe('bandwidth, staff', () => {
  test.beforeEach(async ({ page }) => {
    await openAndSignIn(page, accounts.csr.email);
  });

  test('shows each device’s traffic of the hour and of the day as served, downstream then upstream', async ({
    page,
  }) => {
    const day = answerOf(page, /\/api\/maccounter\/v1\/FLEET-LOS-BUSY\?timespan=day/);
    await page.goto(`/bandwidth/${busyLine.lineOfServiceCode}/devices`);
    await expect(page.getByRole('heading', { name: 'Bandwidth' })).toBeVisible();
    const dayHosts = await countersOf(await day);
    await page.getByRole('button', { name: 'Show data table' }).click();
    await expectRate(page, dayHosts, 'day', 'downstream');

    const hour = answerOf(page, /\/api\/maccounter\/v1\/FLEET-LOS-BUSY\?timespan=hour/);
    await page.getByText('Hour', { exact: true }).click();
    const hourHosts = await countersOf(await hour);
    await expectRate(page, hourHosts, 'hour', 'downstream');
    await page.getByText('Upstream', { exact: true }).click();
    await expectRate(page, hourHosts, 'hour', 'upstream');

    // Month comes from its own call.
    const month = answerOf(page, /\/api\/maccounter30\/v1\/FLEET-LOS-BUSY$/);
    await page.getByText('Month', { exact: true }).click();
    expect((await month).ok()).toBe(true);
  });

  test('zooms on a dragged range through /span, refuses one under three reporting intervals, and resets', async ({
    page,
  }) => {
    const frequency = answerOf(page, /\/api\/parameter\/v1\/maccounters\.frequency/);
    const hour = answerOf(page, /\/api\/maccounter\/v1\/FLEET-LOS-BUSY\?timespan=hour/);
    await page.goto(`/bandwidth/${busyLine.lineOfServiceCode}/devices`);
    await page.getByText('Hour', { exact: true }).click();
    const reportingSeconds = ((await (await frequency).json()) as { value: number }).value;
    const hourHosts = await countersOf(await hour);
    const plot = page.locator('.u-over');
    await expect(plot).toBeVisible();
    const box = await plot.boundingBox();
    if (!box) throw new Error('the plot has no box');

    // A sliver of the hour: less than three reporting intervals.
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.52, y, { steps: 4 });
    await page.mouse.up();
    const leastMinutes = (Math.max(300, reportingSeconds) * minZoomReportingIntervals) / 60;
    await expect(
      page.getByText(`Select at least ${leastMinutes} minutes to zoom in.`),
    ).toBeVisible();

    // Most of the hour: a zoom, asked for two minutes before the range.
    const span = answerOf(page, /\/api\/maccounter\/v1\/span\/FLEET-LOS-BUSY\?/);
    await page.mouse.move(box.x + box.width * 0.05, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.98, y, { steps: 8 });
    await page.mouse.up();
    const spanAnswer = await span;
    const spanUrl = new URL(spanAnswer.url());
    const startTime = Number(spanUrl.searchParams.get('startTime'));
    const endTime = Number(spanUrl.searchParams.get('endTime'));
    expect(endTime - startTime).toBeGreaterThan(minZoomReportingIntervals * 300_000);
    expect(endTime).toBeLessThanOrEqual(Date.now());
    const first = hourHosts.find((host) => host.bm.hour)?.bm.hour;
    expect(startTime + zoomLeadSeconds * 1000).toBeGreaterThanOrEqual(first?.startTime ?? 0);
    expect(spanUrl.searchParams.getAll('macAddress').sort()).toEqual(
      hourHosts.map((host) => host.macAddress).sort(),
    );
    const zoomed = await countersOf(spanAnswer);
    await page.getByRole('button', { name: 'Show data table' }).click();
    await expectRate(page, zoomed, 'zoom', 'downstream');

    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeHidden();
    await expectRate(page, hourHosts, 'hour', 'downstream');
  });

  test('opens a device’s detail from the legend', async ({ page }) => {
    const day = answerOf(page, /\/api\/maccounter\/v1\/FLEET-LOS-BUSY\?timespan=day/);
    await page.goto(`/bandwidth/${busyLine.lineOfServiceCode}/devices`);
    const device = (await countersOf(await day)).find((host) =>
      host.bm.day?.inBytes.some((bytes) => bytes !== null),
    );
    if (!device) throw new Error('no device with traffic');
    await page
      .getByTestId('chart-legend')
      .getByRole('button', { name: device.host, exact: true })
      .click();
    await expect(page).toHaveURL(
      new RegExp(
        `/bandwidth/${busyLine.lineOfServiceCode}/detail/${encodeURIComponent(device.macAddress)}$`,
      ),
    );
    await expect(page.getByTestId('chart-legend').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'All devices' })).toBeVisible();
  });

  test('warns on an SR400 line and not on others', async ({ page }) => {
    await page.goto(`/bandwidth/${sr400Line.lineOfServiceCode}/devices`);
    await expect(page.getByRole('alert')).toContainText('SR400');
    await page.goto(`/bandwidth/${busyLine.lineOfServiceCode}/devices`);
    await expect(page.getByTestId('chart-legend')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('says there is no data for a line that never reported', async ({ page }) => {
    await page.goto(`/bandwidth/${neverReportedLine.lineOfServiceCode}/devices`);
    await expect(page.getByText('No data available')).toBeVisible();
  });
});

test.describe('bandwidth, consumer', () => {
  test.beforeEach(async ({ context }) => {
    await useConsumerSession(context);
  });

  test('sees the week only, with each device’s consumption over it', async ({ page }) => {
    const week = answerOf(page, /\/api\/maccounter\/v1\/FLEET-LOS-DSL\?timespan=week/);
    await page.goto(`/bandwidth/${dslLine.lineOfServiceCode}/devices`);
    const hosts = await countersOf(await week);
    await expect(page.getByRole('radiogroup', { name: 'Timespan' })).toHaveCount(0);
    await expect(page.getByText('Consumption over the week')).toBeVisible();
    const table = page.getByRole('table', { name: 'Consumption over the week' });
    for (const host of hosts) {
      const series = host.bm.week;
      if (!series) continue;
      const down = series.inBytes.reduce<number>((sum, bytes) => sum + (bytes ?? 0), 0);
      const up = series.outBytes.reduce<number>((sum, bytes) => sum + (bytes ?? 0), 0);
      await expect(table.getByRole('row').filter({ hasText: host.host })).toContainText(
        formatBytes('en-US', down + up),
      );
    }
  });
});

for (const [language, heading, hourLabel, showTable] of [
  ['es', 'Ancho de banda', 'Hora', 'Mostrar tabla de datos'],
  ['fr', 'Bande passante', 'Heure', 'Afficher le tableau des données'],
] as const) {
  test(`bandwidth in ${language}: the chart and its figures in the user’s language`, async ({
    page,
  }) => {
    await openAndSignIn(page, accounts.csr.email);
    await page.evaluate((chosen) => localStorage.setItem('ls_language', chosen), language);
    const hour = answerOf(page, /\/api\/maccounter\/v1\/FLEET-LOS-BUSY\?timespan=hour/);
    await page.goto(`/bandwidth/${busyLine.lineOfServiceCode}/devices`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.getByText(hourLabel, { exact: true }).click();
    const hosts = await countersOf(await hour);
    await page.getByRole('button', { name: showTable }).click();
    await expectRate(page, hosts, 'hour', 'downstream', language);
  });
}
