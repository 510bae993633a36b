import {
  apiPaths,
  type DashboardWidget,
  type ExperienceRatingResponse,
  type FleetMapResponse,
  type PopulationMetricResponse,
  sessionTokenHeader,
  type UptimeReportResponse,
} from '@linesight/contract';
import { expect, type Page, type Response, test } from '@playwright/test';
import { formatChartValue } from '../apps/web/src/components/charts/chart-format';
import {
  formatWidgetValue,
  widgetChartScale,
  widgetReading,
} from '../apps/web/src/features/dashboard/widget-reading';
import { formatDuration } from '../apps/web/src/lib/duration';
import { answerOf } from './support/chart-answers';
import { accounts, consumerSession, e2ePort } from './support/e2e-settings';
import { dslLine, rebootingLine } from './support/fleet';
import { openAndSignIn, signIn, useConsumerSession } from './support/sign-in';

/**
 * The fleet dashboard and the uptime report against the answers the page received: the fleet's
 * figures come from the QoE job over the shared fleet's reports, so a spec checks the screen
 * against the API, never against a number of its own.
 */

test.use({ timezoneId: 'UTC' });

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const widgetCard = (page: Page, widget: DashboardWidget) =>
  page.locator(`[data-testid="dashboard-widget"][data-widget="${widget}"]`);

/** A widget's own call asks for an hour; the chart's for the dashboard week or a zoom. */
const metricPath = /\/api\/populationMetric\/v1\/span\/(\w+)\?startTime=(\d+)&endTime=(\d+)$/;
const hourMs = 3_600_000;

function metricCall(response: Response): { widget: string; spanMs: number } | null {
  const url = new URL(response.url());
  const match = metricPath.exec(`${url.pathname}${url.search}`);
  if (!match || response.status() !== 200) return null;
  return { widget: match[1] ?? '', spanMs: Number(match[3]) - Number(match[2]) };
}

/** Opens Reports → an entry, as a user would. */
async function openReport(page: Page, entry: 'Dashboard' | 'Uptime report'): Promise<void> {
  await navigation(page).getByRole('button', { name: 'Reports', exact: true }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

test.describe('fleet dashboard', () => {
  test('each widget shows the fleet’s newest figure and trend, and selecting one charts it', async ({
    page,
  }) => {
    const widgetAnswers = new Map<string, Promise<PopulationMetricResponse>>();
    page.on('response', (response) => {
      const call = metricCall(response);
      if (call && call.spanMs <= hourMs && !widgetAnswers.has(call.widget))
        widgetAnswers.set(call.widget, response.json() as Promise<PopulationMetricResponse>);
    });
    await openAndSignIn(page, accounts.admin.email);
    const firstChart = answerOf(page, /\/api\/populationMetric\/v1\/span\/connectedDevices\?/);
    await openReport(page, 'Dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const shown: DashboardWidget[] = [
      'connectedDevices',
      'averageQoe',
      'downstreamBPSAverage',
      'wifiPercent',
      'averageLocalNet',
    ];
    await expect(page.getByTestId('dashboard-widget')).toHaveCount(shown.length);
    await expect(widgetCard(page, 'broadbandExperience')).toHaveCount(0);
    for (const widget of shown) {
      await expect.poll(() => widgetAnswers.has(widget)).toBe(true);
      const reading = widgetReading(await widgetAnswers.get(widget)!);
      expect(reading.value, `the fleet has a ${widget} figure`).not.toBeNull();
      const figure = formatWidgetValue(widget, reading.value ?? 0, 'en');
      const card = widgetCard(page, widget);
      await expect(card.getByTestId('widget-value')).toHaveText(figure.text);
      if (figure.unit) await expect(card.getByTestId('widget-unit')).toHaveText(figure.unit);
      await expect(card.getByTestId('trend')).toHaveAttribute('data-trend', reading.trend);
    }

    // The first widget is the chart's, over the dashboard week, 400 px high outside demo mode.
    await firstChart;
    await expect(widgetCard(page, 'connectedDevices')).toHaveAttribute('aria-pressed', 'true');
    const chart = page.getByTestId('dashboard-chart');
    await expect(chart.getByRole('heading', { name: 'Connected devices' })).toBeVisible();
    await expect(chart.getByRole('figure')).toHaveCSS('height', '400px');

    const qoeChart = page.waitForResponse((response) => {
      const call = metricCall(response);
      return call?.widget === 'averageQoe' && call.spanMs > 7 * 24 * hourMs;
    });
    await widgetCard(page, 'averageQoe').click();
    const answer = (await (await qoeChart).json()) as PopulationMetricResponse;
    await expect(widgetCard(page, 'averageQoe')).toHaveAttribute('aria-pressed', 'true');
    await expect(widgetCard(page, 'connectedDevices')).toHaveAttribute('aria-pressed', 'false');
    await expect(chart.getByRole('heading', { name: 'Average QoE' })).toBeVisible();
    const latest = answer.data.findLast((value) => value !== null);
    expect(latest, 'the week has an average QoE').toBeDefined();
    await expect(chart.getByTestId('legend-value')).toHaveText(
      `${formatChartValue('en', latest)} ${widgetChartScale('averageQoe').unit}`,
    );
  });

  test('demo mode adds broadband experience, the rating factors and the fleet heat map', async ({
    page,
  }) => {
    const ratingAnswer = answerOf(page, /\/api\/experienceRating\/v1$/);
    const mapAnswer = answerOf(page, /\/api\/fleetMap\/v1$/);
    // Chromium resolves every *.localhost name to this machine: the demo prefix needs no DNS.
    await page.goto(`http://demo.localhost:${e2ePort}/`);
    await signIn(page, accounts.csr.email);
    await expect(navigation(page)).toBeVisible();
    await openReport(page, 'Dashboard');

    await expect(page.getByTestId('dashboard-widget')).toHaveCount(6);
    await expect(widgetCard(page, 'broadbandExperience')).toBeVisible();
    await expect(page.getByTestId('dashboard-chart').getByRole('figure')).toHaveCSS(
      'height',
      '310px',
    );

    const rating = (await (await ratingAnswer).json()) as ExperienceRatingResponse;
    for (const factor of rating.factors) {
      await expect(
        page.locator(`[data-factor="${factor.title}"]`).getByTestId('rating-value'),
      ).toHaveText(factor.value === null ? 'Not measured' : `${factor.value.toFixed(1)} / 5`);
    }

    const fleet = (await (await mapAnswer).json()) as FleetMapResponse;
    const total = fleet.gateways.length;
    const alerts = fleet.gateways.filter((gateway) => gateway.alert).length;
    expect(total, 'the fleet has located gateways').toBeGreaterThan(0);
    const map = page.getByTestId('fleet-heat-map');
    await expect(map.getByTestId('fleet-map-count')).toHaveText(
      `${total} of ${total} located gateways shown`,
    );
    // With no tile server the markers are still drawn, over the bundled outline.
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(total);
    await map.getByRole('switch', { name: 'Broadband alerts only' }).click();
    await expect(map.getByTestId('fleet-map-count')).toHaveText(
      `${alerts} of ${total} located gateways shown`,
    );
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(alerts);

    // A marker opens its line's summary, as a report's row does.
    await map.getByRole('switch', { name: 'Broadband alerts only' }).click();
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(total);
    await map.locator('path.leaflet-interactive').first().click({ force: true });
    await expect(page).toHaveURL(/\/summary/);
    const opened = decodeURIComponent(new URL(page.url()).pathname);
    expect(
      fleet.gateways.some((gateway) => opened.includes(gateway.lineOfServiceCode)),
      `${opened} is a located gateway's line`,
    ).toBe(true);
  });
});

test.describe('uptime report', () => {
  test('sorts by a column, and a row opens its line’s summary', async ({ page }) => {
    await openAndSignIn(page, accounts.csr.email);
    const reportAnswer = answerOf(page, /\/api\/uptimeReport\/v1$/);
    await openReport(page, 'Uptime report');
    const report = (await (await reportAnswer).json()) as UptimeReportResponse;
    expect(report.results.length, 'the fleet’s gateways are in the report').toBeGreaterThan(1);

    const table = page.getByRole('table', { name: 'Uptime report' });
    const header = (name: string) => table.getByRole('columnheader', { name });
    const rows = table.locator('tbody tr');
    const names = (sorted: UptimeReportResponse['results']) =>
      sorted.slice(0, 10).map((row) => row.subscriberName);
    // The shortest average uptime first: the gateway that reboots about once an hour.
    await expect(header('Average uptime')).toHaveAttribute('aria-sort', 'ascending');
    const byAverage = [...report.results].sort(
      (a, b) => (a.weightedAvgUptimeInSeconds ?? -1) - (b.weightedAvgUptimeInSeconds ?? -1),
    );
    expect(byAverage[0]?.lineOfServiceCode).toBe(rebootingLine.lineOfServiceCode);
    await expect(rows.locator('td:nth-child(1)')).toHaveText(names(byAverage));

    await header('Time since last reboot').getByRole('button').click();
    await expect(header('Time since last reboot')).toHaveAttribute('aria-sort', 'ascending');
    const byUptime = [...report.results].sort(
      (a, b) => (a.uptimeInSeconds ?? -1) - (b.uptimeInSeconds ?? -1),
    );
    await expect(rows.locator('td:nth-child(1)')).toHaveText(names(byUptime));
    const first = byUptime[0]!;
    await expect(rows.first().locator('td:nth-child(3)')).toHaveText(
      first.uptimeInSeconds === null
        ? 'Not reported'
        : formatDuration('en', first.uptimeInSeconds, { unitDisplay: 'short', largestUnits: 2 }),
    );

    await rows.first().click();
    await expect(page).toHaveURL(new RegExp(`/summary/${first.lineOfServiceCode}$`));
  });

  test('a consumer is refused the dashboard and the uptime report', async ({
    page,
    context,
    request,
  }) => {
    await useConsumerSession(context);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(new RegExp(`/summary/${dslLine.lineOfServiceCode}$`));
    await page.goto('/uptime-report');
    await expect(page).toHaveURL(new RegExp(`/summary/${dslLine.lineOfServiceCode}$`));
    await expect(page.getByTestId('dashboard-widget')).toHaveCount(0);

    const headers = { [sessionTokenHeader]: consumerSession.token };
    for (const path of [
      apiPaths.uptimeReport,
      apiPaths.populationMetricSpan.replace(':widgetPath', 'connectedDevices'),
      apiPaths.fleetMap,
    ]) {
      expect((await request.get(path, { headers })).status(), path).toBe(403);
    }
  });
});
