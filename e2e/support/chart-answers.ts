import type { MacCounters, MacCountersResponse, MacSeries } from '@linesight/contract';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import {
  formatChartValue,
  formatDateTime,
} from '../../apps/web/src/components/charts/chart-format';

/**
 * What the bandwidth and WiFi specs read the chart against: the maccounter answers as the page
 * received them, and the chart's data table. The page refreshes its counters while a test reads
 * it, so a figure is checked against the latest answer, not only the first.
 */

/** The next answer whose path and query match, as the page received it. */
export function answerOf(page: Page, path: RegExp): Promise<Response> {
  return page.waitForResponse((response) => matches(response, path));
}

function matches(response: Response, path: RegExp): boolean {
  const url = new URL(response.url());
  return path.test(`${url.pathname}${url.search}`);
}

export async function countersOf(response: Response): Promise<MacCounters[]> {
  return ((await response.json()) as MacCountersResponse).hosts;
}

/** Every maccounter answer of `path` the page receives from now on; `latest` is the last one. */
export class CounterAnswers {
  private hosts: MacCounters[] | undefined;

  constructor(page: Page, path: RegExp) {
    page.on('response', (response) => {
      if (response.status() !== 200 || !matches(response, path)) return;
      void countersOf(response).then(
        (hosts) => (this.hosts = hosts),
        // The page navigated away before the body was read: an older answer is still right.
        () => undefined,
      );
    });
  }

  /** Waits for the first answer. */
  async latest(): Promise<MacCounters[]> {
    await expect
      .poll(() => this.hosts !== undefined, { timeout: 20_000, intervals: [100, 250, 500] })
      .toBe(true);
    return this.hosts ?? [];
  }
}

/**
 * The name a user sees for a device: its host name, with the end of its MAC when another device
 * of the line has the same name, so that the two can be told apart.
 */
export function shownName(hosts: readonly MacCounters[], host: MacCounters): string {
  const twins = hosts.filter((other) => other.host === host.host).length;
  return twins > 1 ? `${host.host} · ${host.macAddress.slice(-5)}` : host.host;
}

/** A device whose name no other device of the line has, so a click on its name is unambiguous. */
export function uniquelyNamed(
  hosts: readonly MacCounters[],
  wanted: (host: MacCounters) => boolean,
): MacCounters {
  const host = hosts.find(
    (candidate) => wanted(candidate) && shownName(hosts, candidate) === candidate.host,
  );
  if (!host) throw new Error('no device of the line fits');
  return host;
}

export function pointTime(series: MacSeries, index: number): number {
  return series.startTime + index * series.intervalSeconds * 1000;
}

export type MacSpan = keyof MacCounters['bm'];
/** A device's figure at a point of the span, as the chart draws it; null where none. */
export type PointValue = (series: MacSeries, index: number) => number | null;

/**
 * The chart's data table (the one inside `scope`) shows, for the first three devices drawn, at
 * the latest point the first of them has a figure for, what `value` makes of the answer. The
 * table's columns are Time, then the devices drawn in the answer's order, each `name (unit)`;
 * a device with no figure in the whole span is not drawn.
 */
export async function expectTableValues(
  scope: Locator,
  answers: () => Promise<readonly MacCounters[]>,
  span: MacSpan,
  value: PointValue,
  { language = 'en-US', unit = 'Mbps' }: { language?: string; unit?: string } = {},
): Promise<void> {
  const table = scope.getByTestId('chart-data-table');
  await expect(table).toBeVisible();
  await expect(async () => {
    const hosts = await answers();
    const drawn = hosts.filter((host) => {
      const series = host.bm[span];
      return series?.inBytes.some((_, index) => value(series, index) !== null) ?? false;
    });
    const first = drawn[0]?.bm[span];
    expect(first, 'the line has figures to draw').toBeDefined();
    if (!first) return;
    const index = first.inBytes.findLastIndex((_, point) => value(first, point) !== null);
    const time = pointTime(first, index);
    const row = table.getByRole('row').filter({
      has: scope.page().getByRole('cell', {
        name: formatDateTime(language, time, 'UTC'),
        exact: true,
      }),
    });
    const names = await table.getByRole('columnheader').allTextContents();
    expect(names).toHaveLength(drawn.length + 1);
    const cells = await row.getByRole('cell').allTextContents();
    for (const [column, host] of drawn.slice(0, 3).entries()) {
      const series = host.bm[span];
      if (!series) continue;
      const at = Math.round((time - series.startTime) / (series.intervalSeconds * 1000));
      expect(names[column + 1]).toBe(`${shownName(hosts, host)} (${unit})`);
      expect(cells[column + 1], `${host.host} at ${new Date(time).toISOString()}`).toBe(
        formatChartValue(language, at < 0 ? null : value(series, at)),
      );
    }
  }).toPass({ timeout: 20_000 });
}

/** The chart on the page whose plot carries `label`. */
export function chartLabelled(page: Page, label: string): Locator {
  return page
    .getByTestId('time-chart')
    .filter({ has: page.getByRole('figure', { name: label, exact: true }) });
}
