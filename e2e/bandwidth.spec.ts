import {
  type MacSeries,
  minZoomReportingIntervals,
  reportingFrequencyOf,
  zoomLeadSeconds,
} from '@linesight/contract';
import { expect, type Page, test } from '@playwright/test';
import { formatBytes } from '../apps/web/src/components/charts/chart-format';
import {
  answerOf,
  chartLabelled,
  CounterAnswers,
  countersOf,
  expectTableValues,
  type PointValue,
  shownName,
  uniquelyNamed,
} from './support/chart-answers';
import { accounts } from './support/e2e-settings';
import { busyLine, dslLine, neverReportedLine, sr400Line } from './support/fleet';
import { useConsumerSession, useLanguage, useStaffSession } from './support/sign-in';

/**
 * The bandwidth screens against what the server served for the fleet's lines: every figure the
 * test expects is worked out from the body of the answers the page drew.
 */

test.use({ timezoneId: 'UTC' });

/** Bytes per interval drawn as Mbps: in (to the device) is downstream. */
function rate(direction: 'downstream' | 'upstream'): PointValue {
  return (series: MacSeries, index: number) => {
    const bytes = (direction === 'downstream' ? series.inBytes : series.outBytes)[index];
    return bytes === null || bytes === undefined
      ? null
      : (bytes * 8) / series.intervalSeconds / 1e6;
  };
}

const busyCounters = (page: Page, query: string): CounterAnswers =>
  new CounterAnswers(
    page,
    new RegExp(`/api/maccounter/v1/${busyLine.lineOfServiceCode}\\?timespan=${query}$`),
  );

test.describe('bandwidth, staff', () => {
  test.beforeEach(async ({ context }) => {
    await useStaffSession(context, accounts.csr.email);
  });

  test('shows each device’s traffic of every timespan as served, downstream then upstream', async ({
    page,
  }) => {
    const day = busyCounters(page, 'day');
    await page.goto(`/bandwidth/${busyLine.lineOfServiceCode}/devices`);
    await expect(page.getByRole('heading', { name: 'Bandwidth' })).toBeVisible();
    const chart = chartLabelled(page, 'Bandwidth per device');
    await expect(chart.getByRole('radiogroup', { name: 'Timespan' })).toBeVisible();
    await chart.getByRole('button', { name: 'Show data table' }).click();
    await expectTableValues(chart, () => day.latest(), 'day', rate('downstream'));

    const hour = busyCounters(page, 'hour');
    await chart.getByText('Hour', { exact: true }).click();
    await expectTableValues(chart, () => hour.latest(), 'hour', rate('downstream'));
    await chart.getByText('Upstream', { exact: true }).click();
    await expectTableValues(chart, () => hour.latest(), 'hour', rate('upstream'));

    const halfday = busyCounters(page, 'halfday');
    await chart.getByText('12 hours', { exact: true }).click();
    await expectTableValues(chart, () => halfday.latest(), 'halfday', rate('upstream'));

    const week = busyCounters(page, 'week');
    await chart.getByText('Week', { exact: true }).click();
    await expectTableValues(chart, () => week.latest(), 'week', rate('upstream'));

    // The month comes from its own call.
    const month = new CounterAnswers(
      page,
      new RegExp(`/api/maccounter30/v1/${busyLine.lineOfServiceCode}$`),
    );
    await chart.getByText('Month', { exact: true }).click();
    await chart.getByText('Downstream', { exact: true }).click();
    await expectTableValues(chart, () => month.latest(), 'month', rate('downstream'));
  });

  test('zooms on a dragged range through /span, refuses one under three reporting intervals, and resets', async ({
    page,
  }) => {
    const frequency = answerOf(page, /\/api\/parameter\/v1\/maccounters\.frequency/);
    const hour = busyCounters(page, 'hour');
    await page.goto(`/bandwidth/${busyLine.lineOfServiceCode}/devices`);
    const chart = chartLabelled(page, 'Bandwidth per device');
    await chart.getByText('Hour', { exact: true }).click();
    const reportingSeconds = reportingFrequencyOf(
      ((await (await frequency).json()) as { value: unknown }).value,
    );
    const hourHosts = await hour.latest();
    const plot = chart.locator('.u-over');
    await expect(plot).toBeVisible();
    const box = await plot.boundingBox();
    if (!box) throw new Error('the plot has no box');

    // A sliver of the hour: less than three reporting intervals.
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.52, y, { steps: 4 });
    await page.mouse.up();
    const leastMinutes = (reportingSeconds * minZoomReportingIntervals) / 60;
    await expect(chart.getByRole('status')).toHaveText(
      `Select at least ${leastMinutes} minutes to zoom in.`,
    );
    await expect(chart.getByRole('button', { name: 'Reset zoom' })).toBeHidden();

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
    expect(endTime - startTime).toBeGreaterThan(
      minZoomReportingIntervals * reportingSeconds * 1000,
    );
    expect(endTime).toBeLessThanOrEqual(Date.now());
    const first = hourHosts.find((host) => host.bm.hour)?.bm.hour;
    expect(startTime + zoomLeadSeconds * 1000).toBeGreaterThanOrEqual(first?.startTime ?? 0);
    expect(spanUrl.searchParams.getAll('macAddress').sort()).toEqual(
      hourHosts.map((host) => host.macAddress).sort(),
    );
    // A zoom is a fixed range: loaded once, never refreshed.
    const zoomed = await countersOf(spanAnswer);
    await chart.getByRole('button', { name: 'Show data table' }).click();
    await expectTableValues(chart, async () => zoomed, 'zoom', rate('downstream'));

    await chart.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(chart.getByRole('button', { name: 'Reset zoom' })).toBeHidden();
    await expectTableValues(chart, () => hour.latest(), 'hour', rate('downstream'));
  });

  test('opens a device’s detail from the legend: its chart beside its details', async ({
    page,
  }) => {
    const day = busyCounters(page, 'day');
    await page.goto(`/bandwidth/${busyLine.lineOfServiceCode}/devices`);
    const device = uniquelyNamed(
      await day.latest(),
      (host) => host.bm.day?.inBytes.some((bytes) => bytes !== null) ?? false,
    );
    await chartLabelled(page, 'Bandwidth per device')
      .getByTestId('chart-legend')
      .getByRole('button', { name: device.host, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(
      new RegExp(
        `/bandwidth/${busyLine.lineOfServiceCode}/detail/${encodeURIComponent(device.macAddress)}$`,
      ),
    );
    const chart = chartLabelled(page, `Bandwidth of ${device.host}`);
    await expect(chart.getByTestId('chart-legend').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('device-details-name')).toHaveText(device.host);
    await expect(page.getByRole('link', { name: 'All devices' })).toBeVisible();
    await chart.getByRole('button', { name: 'Show data table' }).click();
    await expectTableValues(
      chart,
      async () => (await day.latest()).filter((host) => host.macAddress === device.macAddress),
      'day',
      rate('downstream'),
    );
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
    await expect(page.getByTestId('chart-legend')).toHaveCount(0);
  });
});

test.describe('bandwidth, consumer', () => {
  test.beforeEach(async ({ context }) => {
    await useConsumerSession(context);
  });

  test('sees the week only, with each device’s consumption over it', async ({ page }) => {
    const week = new CounterAnswers(
      page,
      new RegExp(`/api/maccounter/v1/${dslLine.lineOfServiceCode}\\?timespan=week$`),
    );
    await page.goto(`/bandwidth/${dslLine.lineOfServiceCode}/devices`);
    await expect(page.getByRole('heading', { name: 'Consumption over the week' })).toBeVisible();
    await expect(page.getByTestId('chart-legend')).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Timespan' })).toHaveCount(0);
    await expect(page.getByText('Hour', { exact: true })).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Consumption over the week' });
    await expect(async () => {
      const hosts = await week.latest();
      const rows = hosts.flatMap((host) => {
        const series = host.bm.week;
        if (!series) return [];
        const sum = (values: readonly (number | null)[]): number =>
          values.reduce<number>((total, bytes) => total + (bytes ?? 0), 0);
        const down = sum(series.inBytes);
        const up = sum(series.outBytes);
        return [
          {
            name: shownName(hosts, host),
            cells: [down, up, down + up].map((b) => formatBytes('en-US', b)),
          },
        ];
      });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const cells = await table
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: row.name, exact: true }) })
          .first()
          .getByRole('cell')
          .allTextContents();
        expect(cells.slice(1), row.name).toEqual(row.cells);
      }
    }).toPass({ timeout: 20_000 });
  });
});

for (const [language, heading, chartLabel, hourLabel, showTable, unit] of [
  [
    'es',
    'Ancho de banda',
    'Ancho de banda por dispositivo',
    'Hora',
    'Mostrar tabla de datos',
    'Mbps',
  ],
  [
    'fr',
    'Bande passante',
    'Bande passante par appareil',
    'Heure',
    'Afficher le tableau des données',
    'Mbit/s',
  ],
] as const) {
  test(`bandwidth in ${language}: the chart and its figures in the user’s language`, async ({
    page,
    context,
  }) => {
    await useStaffSession(context, accounts.csr.email);
    await useLanguage(context, language);
    const hour = busyCounters(page, 'hour');
    await page.goto(`/bandwidth/${busyLine.lineOfServiceCode}/devices`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    const chart = chartLabelled(page, chartLabel);
    await chart.getByText(hourLabel, { exact: true }).click();
    await chart.getByRole('button', { name: showTable }).click();
    await expectTableValues(chart, () => hour.latest(), 'hour', rate('downstream'), {
      language,
      unit,
    });
  });
}
