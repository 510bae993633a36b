import {
  apiPaths,
  type QoeQuery,
  type QoeQueryResponse,
  qoeReportColumns,
  sessionTokenHeader,
} from '@linesight/contract';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { consumerSession, accounts } from './support/e2e-settings';
import { dslLine } from './support/fleet';
import { openAndSignIn, useConsumerSession } from './support/sign-in';

/** The QoE report against the answers of POST /api/qoe/v1/query the page received. */

test.use({ timezoneId: 'UTC' });

const resultsTable = (page: Page): Locator => page.getByRole('table', { name: 'QoE results' });
/** How many lines match, as the report says above its table. */
const countOf = (page: Page): Locator =>
  page.getByRole('status').filter({ hasText: /lines? of service$/ });

/** The next report answer whose request satisfies `wanted`. */
function reportAnswer(
  page: Page,
  wanted: (query: QoeQuery) => boolean = () => true,
): Promise<Response> {
  return page.waitForResponse((response) => {
    const request = response.request();
    return (
      new URL(response.url()).pathname === apiPaths.qoeQuery &&
      request.method() === 'POST' &&
      wanted(request.postDataJSON() as QoeQuery)
    );
  });
}

/** The shown rows' cells by column name, in the seed's column order. */
async function shownRows(page: Page): Promise<Record<string, string>[]> {
  const rows = resultsTable(page).locator('tbody tr');
  const texts = await rows.evaluateAll((elements) =>
    elements.map((row) =>
      Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim() ?? ''),
    ),
  );
  return texts.map((cells) =>
    Object.fromEntries(qoeReportColumns.map((column, index) => [column, cells[index] ?? ''])),
  );
}

/** A score cell's number, or null where the table says it is not available. */
function shownScore(text: string): number | null {
  return text.includes('Not available') ? null : Number(text);
}

/** RFC 4180 as the export writes it: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').split('\r\n')) {
    if (line === '') continue;
    const cells = [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map(([, cell = '']) =>
        cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
      );
    rows.push(cells);
  }
  return rows;
}

test.describe('QoE report', () => {
  test('a slider narrows the report to the lines within its bound, and only that bound is sent', async ({
    page,
  }) => {
    // A key press per 0.1 of the slider: a dozen or more, slow on two shared cores.
    test.slow();
    await openAndSignIn(page, accounts.csr.email);
    const first = reportAnswer(page);
    await page.goto('/qoe-report');
    const unfiltered = (await (await first).json()) as QoeQueryResponse;
    await expect(countOf(page)).toHaveText(`${unfiltered.total} lines of service`);

    // A bound under the best overall score shown: the best line drops out, others stay.
    const scores = [
      ...new Set(unfiltered.results.map((row) => row.overallScore).filter((score) => score >= 0)),
    ].sort((a, b) => a - b);
    expect(scores.length, 'the fleet has lines with different overall scores').toBeGreaterThan(1);
    const bound = scores.at(-2) ?? 0;

    const filtered = reportAnswer(page, (query) => query.maxOverall !== undefined);
    const highest = page.getByRole('slider', { name: 'Overall score: highest' });
    await highest.focus();
    for (let value = 5; value > bound + 0.05; value -= 0.1) await highest.press('ArrowLeft');
    const answer = await filtered;
    const query = answer.request().postDataJSON() as QoeQuery;
    expect(query).toEqual({
      maxOverall: bound,
      sort: 'overallScore',
      order: 'asc',
      offset: 0,
      limit: 10,
    });
    const narrowed = (await answer.json()) as QoeQueryResponse;
    expect(narrowed.total).toBeLessThan(unfiltered.total);
    await expect(countOf(page)).toHaveText(
      narrowed.total === 1 ? '1 line of service' : `${narrowed.total} lines of service`,
    );
    await expect(resultsTable(page).locator('tbody tr')).toHaveCount(narrowed.results.length);
    for (const row of await shownRows(page)) {
      const overall = shownScore(row.overallScore ?? '');
      expect(overall, `${row.lineOfServiceCode} has an overall score`).not.toBeNull();
      expect(overall).toBeLessThanOrEqual(bound);
    }
    await expect(page).toHaveURL(new RegExp(`/qoe-report\\?maxOverall=${bound}$`));
  });

  test('exports every matching line to qoe-results.csv, in the seed’s columns, as the table shows them', async ({
    page,
  }) => {
    await openAndSignIn(page, accounts.admin.email);
    const first = reportAnswer(page);
    await page.goto('/qoe-report');
    const report = (await (await first).json()) as QoeQueryResponse;
    await expect(resultsTable(page).locator('tbody tr')).toHaveCount(report.results.length);
    const shown = await shownRows(page);

    const everything = reportAnswer(page, (query) => query.limit !== 10);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await everything).request().postDataJSON()).toMatchObject({ offset: 0, limit: 10_000 });
    const file = await download;
    expect(file.suggestedFilename()).toBe('qoe-results.csv');
    const [header, ...lines] = parseCsv(await readFile(await file.path(), 'utf8'));
    expect(header).toEqual([...qoeReportColumns]);
    expect(lines.length).toBeGreaterThanOrEqual(report.total);

    const column = (name: string): number => qoeReportColumns.indexOf(name as never);
    for (const row of shown) {
      const line = lines.find(
        (cells) => cells[column('lineOfServiceCode')] === row.lineOfServiceCode,
      );
      expect(line, `${row.lineOfServiceCode} is in the file`).toBeDefined();
      expect(line?.[column('subscriberName')]).toBe(row.subscriberName);
      for (const score of ['overallScore', 'wifiScore', 'cpuPercentScore'] as const) {
        const cell = line?.[column(score)] ?? '';
        expect(
          cell === '' ? null : Number(cell).toFixed(1),
          `${row.lineOfServiceCode} ${score}`,
        ).toBe(shownScore(row[score] ?? '') === null ? null : row[score]);
      }
    }
  });

  test('a row opens its line’s summary', async ({ page }) => {
    await openAndSignIn(page, accounts.csr.email);
    const first = reportAnswer(page);
    await page.goto('/qoe-report');
    const report = (await (await first).json()) as QoeQueryResponse;
    const line = report.results.find((row) => row.deviceType !== null);
    expect(line, 'a reported line is listed').toBeDefined();
    await resultsTable(page)
      .getByRole('row')
      .filter({ hasText: line?.lineOfServiceCode ?? '' })
      .getByRole('cell')
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/summary/${line?.lineOfServiceCode}$`));
  });

  test('keeps a consumer out: the screen opens their summary, and the API refuses them', async ({
    page,
    context,
  }) => {
    await useConsumerSession(context);
    await page.goto('/qoe-report');
    await expect(page).toHaveURL(new RegExp(`/summary/${dslLine.lineOfServiceCode}$`));
    await expect(resultsTable(page)).toHaveCount(0);
    const refused = await page.request.post(apiPaths.qoeQuery, {
      headers: { [sessionTokenHeader]: consumerSession.token },
      data: {},
    });
    expect(refused.status()).toBe(403);
  });
});
