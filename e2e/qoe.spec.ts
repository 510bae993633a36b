import {
  type CardColour,
  correctiveActions,
  type CorrectiveCard,
  type IndividualQoeResponse,
  type QoeSpanResponse,
  type QoeSpanRow,
} from '@linesight/contract';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { formatChartValue, formatDateTime } from '../apps/web/src/components/charts/chart-format';
import { answerOf, chartLabelled } from './support/chart-answers';
import { accounts } from './support/e2e-settings';
import { busyLine, dslLine, offlineLine } from './support/fleet';
import { openAndSignIn, useConsumerSession } from './support/sign-in';

/**
 * The QoE page and the corrective action cards against the answers the page received: the
 * figures the test expects are worked out here from the answer's body, by the seed's rules.
 */

test.use({ timezoneId: 'UTC' });

const chartLabel = 'QoE scores: CPU, free RAM and WiFi';
const individualQoeOf = (losCode: string) =>
  new RegExp(`/api/individualQoe/v1/span/${losCode}\\?startTime=\\d+&endTime=\\d+$`);
const qoeSpanOf = (losCode: string) =>
  new RegExp(`/api/qoe/v1/span\\?lineOfServiceCode=${losCode}&startTime=\\d+&endTime=\\d+$`);

const spanMs = (response: Response): number => {
  const query = new URL(response.url()).searchParams;
  return Number(query.get('endTime')) - Number(query.get('startTime'));
};

/** A score as the page shows it: one decimal, a dash for -1 (not reported). */
const score = (value: number): string => (value === -1 ? '–' : value.toFixed(1));

/**
 * The chart's data table shows, at the latest point where the CPU score has a value, what the
 * answer says there: -1 drawn at 0 (seed 001 section 9).
 */
async function expectChartMatches(
  chart: Locator,
  answer: IndividualQoeResponse,
  columns: readonly ('cpupercent' | 'freeram' | 'wifi')[],
): Promise<void> {
  const { cpupercent } = answer.timeseries;
  const index = cpupercent.data.findLastIndex((value) => value !== null);
  expect(index, 'the line was scored in the span').toBeGreaterThanOrEqual(0);
  const time = answer.startTime + index * cpupercent.intervalMinutes * 60_000;
  const names = { cpupercent: 'CPU (/5)', freeram: 'Free RAM (/5)', wifi: 'WiFi (/5)' };
  const table = chart.getByTestId('chart-data-table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Time',
    ...columns.map((key) => names[key]),
  ]);
  const when = formatDateTime('en-US', time, 'UTC');
  const row = table
    .getByRole('row')
    .filter({ has: chart.page().getByRole('cell', { name: when, exact: true }) });
  await expect(row.getByRole('cell')).toHaveText([
    when,
    ...columns.map((key) => {
      const value = answer.timeseries[key].data[index] ?? null;
      return formatChartValue('en-US', value === null ? null : Math.max(value, 0));
    }),
  ]);
}

/** What the daily table shows of a day: its date (UTC) and its figures in the seed's order. */
function dailyCells(row: QoeSpanRow): string[] {
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return [
    day.format(row.timestamp),
    score(row.overallScore),
    score(row.cpuPercentScore),
    score(row.freeRamScore),
    score(row.wifiScore),
    score(row.physicalStatusScore),
    score(row.avgMaxUptimeScore),
    formatChartValue('en-US', row.usedCpuPercent),
    formatChartValue('en-US', row.usedRamPercent),
    row.lanHostCount === null ? '–' : String(row.lanHostCount),
  ];
}

/**
 * The cards the seed's rules give for an answer of the last 25 minutes: the newest row's WiFi,
 * CPU, free RAM and average max uptime scores (all -1 without a row) and the WAN state.
 */
function expectedCards(answer: QoeSpanResponse) {
  const newest = answer.data.reduce<QoeSpanRow | null>(
    (latest, row) => (latest === null || row.timestamp > latest.timestamp ? row : latest),
    null,
  );
  return correctiveActions(
    {
      wifi: newest?.wifiScore ?? -1,
      cpuPercentScore: newest?.cpuPercentScore ?? -1,
      freeram: newest?.freeRamScore ?? -1,
      latestAvgMaxUptime: newest?.avgMaxUptimeScore ?? -1,
    },
    answer.wanConnected,
  );
}

/** The next QoE span answer of the line over a span of `ms` (25 minutes, a week). */
function spanAnswer(page: Page, losCode: string, ms: number): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return qoeSpanOf(losCode).test(`${url.pathname}${url.search}`) && spanMs(response) === ms;
  });
}

/** The latest corrective answer the page received (it reads again every 20 s). */
function latestCorrectiveAnswer(page: Page, losCode: string): () => QoeSpanResponse | undefined {
  let latest: QoeSpanResponse | undefined;
  page.on('response', (response) => {
    const url = new URL(response.url());
    const corrective =
      qoeSpanOf(losCode).test(`${url.pathname}${url.search}`) && spanMs(response) === 25 * 60_000;
    if (!corrective || response.status() !== 200) return;
    void response.json().then(
      (body: QoeSpanResponse) => (latest = body),
      () => undefined,
    );
  });
  return () => latest;
}

async function shownCards(panel: Locator): Promise<{ card: CorrectiveCard; colour: CardColour }[]> {
  return panel.getByTestId('corrective-card').evaluateAll((cards) =>
    cards.map((card) => ({
      card: card.dataset.card as CorrectiveCard,
      colour: card.dataset.colour as CardColour,
    })),
  );
}

test.describe('QoE', () => {
  test('the QoE page draws a fleet line’s scores as served, hides a series, reloads for a timespan, and lists the week’s daily averages', async ({
    page,
  }) => {
    await openAndSignIn(page, accounts.admin.email);
    const dayAnswer = answerOf(page, individualQoeOf(busyLine.lineOfServiceCode));
    const dailyAnswer = spanAnswer(page, busyLine.lineOfServiceCode, 7 * 86_400_000);
    await page.goto(`/qoe/${busyLine.lineOfServiceCode}`);
    await expect(page.getByRole('heading', { name: 'Quality of experience' })).toBeVisible();
    await expect(page.getByTestId('selected-line')).toContainText(busyLine.subscriberName);

    const day = (await (await dayAnswer).json()) as IndividualQoeResponse;
    const chart = chartLabelled(page, chartLabel);
    await chart.getByRole('button', { name: 'Show data table' }).click();
    await expectChartMatches(chart, day, ['cpupercent', 'freeram', 'wifi']);

    await chart.getByRole('checkbox', { name: 'Show WiFi' }).uncheck();
    await expectChartMatches(chart, day, ['cpupercent', 'freeram']);

    const hourAnswer = answerOf(page, individualQoeOf(busyLine.lineOfServiceCode));
    await chart.getByText('Hour', { exact: true }).click();
    const hourResponse = await hourAnswer;
    expect(spanMs(hourResponse)).toBe(3600_000);
    // The hidden series stays hidden over the reload.
    await expectChartMatches(chart, (await hourResponse.json()) as IndividualQoeResponse, [
      'cpupercent',
      'freeram',
    ]);

    const daily = (await (await dailyAnswer).json()) as QoeSpanResponse;
    expect(daily.intervalMinutes).toBe(1440);
    expect(daily.data.length, 'the line was scored today').toBeGreaterThan(0);
    await expect(page.getByTestId('daily-title')).toHaveText(
      `Daily averages: ${daily.deviceType ?? ''}`,
    );
    const table = page.getByRole('table', { name: 'Daily averages' });
    const rows = [...daily.data].sort((a, b) => b.timestamp - a.timestamp);
    await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
    for (const [index, row] of rows.entries()) {
      await expect(
        table
          .getByRole('row')
          .nth(index + 1)
          .getByRole('cell'),
      ).toHaveText(dailyCells(row));
    }
  });

  for (const [line, what] of [
    [busyLine, 'the newest scores of a busy household'],
    [offlineLine, 'an offline gateway, with a red Network Connection card'],
  ] as const) {
    test(`the summary shows a CSR the corrective cards the rules give for ${what}`, async ({
      page,
    }) => {
      await openAndSignIn(page, accounts.csr.email);
      const latest = latestCorrectiveAnswer(page, line.lineOfServiceCode);
      await page.goto(`/summary/${line.lineOfServiceCode}`);
      const panel = page.getByTestId('corrective-actions');
      await expect(panel.getByRole('heading', { name: 'Corrective actions' })).toBeVisible();
      // The page reads again every 20 s: the cards are checked against its latest answer.
      await expect(async () => {
        const answer = latest();
        expect(answer, 'the page asked for the last 25 minutes').toBeDefined();
        if (!answer) return;
        const expected = expectedCards(answer);
        expect(await shownCards(panel)).toEqual(
          // Red group first, then yellow, each in the rules' order.
          [
            ...expected.cards.filter((card) => card.colour === 'red'),
            ...expected.cards.filter((card) => card.colour === 'yellow'),
          ],
        );
        const headings = await panel
          .getByTestId('corrective-heading')
          .evaluateAll((all) => all.map((heading) => heading.dataset.heading));
        expect(headings).toEqual([
          ...(expected.isAllswell ? ['all-well'] : []),
          ...(expected.wehaveissues ? ['red'] : []),
          ...(expected.maybeissues ? ['yellow'] : []),
        ]);
        expect(await panel.getByTestId('corrective-unavailable').count()).toBe(
          expected.allValuesNegativeOne ? 1 : 0,
        );
        if (line === offlineLine) {
          expect(answer.wanConnected).toBe(false);
          expect(expected.cards).toContainEqual({ card: 'networkConnection', colour: 'red' });
        }
      }).toPass({ timeout: 15_000 });
      if (line === offlineLine) {
        await expect(
          panel.getByTestId('corrective-card').filter({ hasText: 'Network connection' }),
        ).toContainText('Check the line');
      }
    });
  }

  test('a consumer sees no corrective actions on their summary, asks for no QoE, and cannot open the QoE page', async ({
    page,
    context,
  }) => {
    await useConsumerSession(context);
    const qoeCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname.toLowerCase();
      if (path.startsWith('/api/') && path.includes('qoe')) qoeCalls.push(request.url());
    });
    await page.goto(`/summary/${dslLine.lineOfServiceCode}`);
    await expect(page.getByTestId('subscriber-name')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Devices' })).toBeVisible();
    await expect(page.getByTestId('corrective-actions')).toHaveCount(0);

    await page.goto(`/qoe/${dslLine.lineOfServiceCode}`);
    await expect(page).toHaveURL(new RegExp(`/summary/${dslLine.lineOfServiceCode}$`));
    await expect(page.getByTestId('subscriber-name')).toBeVisible();
    await expect(chartLabelled(page, chartLabel)).toHaveCount(0);
    expect(qoeCalls).toEqual([]);
  });
});
