/**
 * How long the summary of a line with 30 hosts takes to draw in Chromium (issue 13's target:
 * fully drawn within 1.5 s of navigation). Starts the end-to-end server (the real server on a
 * fresh PGlite, with the shared simulated fleet reporting; `npm run build` first), signs in as
 * the admin, then opens the busy line's summary again and again: each run is a new browser
 * context with the session's cookies (a cold cache: every chunk and call fetched again) and a
 * second navigation in it (warm). "Drawn" is when every device card and the network status are
 * on screen (as many as the page was served), read as `performance.now()` (milliseconds since
 * the navigation started).
 *
 *   npx tsx bench/web/summary-draw.ts [runs]
 */
import type { LocalNetworkResponse } from '@linesight/contract';
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { accounts, e2eReadyLine, passphrase } from '../../e2e/support/e2e-settings';
import { busyLine } from '../../e2e/support/fleet';

const runs = Number(process.argv[2] ?? 10);
const port = 18680;
const baseUrl = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '../..');

const server = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/e2e-server.ts'], {
  cwd: root,
  env: { ...process.env, E2E_PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const lines = createInterface({ input: server.stdout });
for await (const line of lines) {
  if (line.includes(e2eReadyLine)) break;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** Milliseconds from navigation to the summary fully drawn: as many cards as devices served. */
async function drawTime(page: Page): Promise<number> {
  const served = page.waitForResponse((response) =>
    response.url().includes(`/api/localnetwork/v1/${busyLine.lineOfServiceCode}`),
  );
  await page.goto(`${baseUrl}/summary/${busyLine.lineOfServiceCode}`);
  const { devices } = (await (await served).json()) as LocalNetworkResponse;
  deviceCounts.add(devices.length);
  await page
    .getByTestId('device-card')
    .nth(devices.length - 1)
    .waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByTestId('network-status').waitFor({ state: 'visible' });
  return page.evaluate(() => performance.now());
}
const deviceCounts = new Set<number>();

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

try {
  const signInPage = await browser.newPage({ baseURL: baseUrl });
  await signInPage.goto('/');
  await signInPage.getByLabel('E-mail').fill(accounts.admin.email);
  await signInPage.getByLabel('Passphrase').fill(passphrase);
  await signInPage.getByRole('button', { name: 'Sign In' }).click();
  await signInPage.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  const cookies = await signInPage.context().cookies();

  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    cold.push(await drawTime(page));
    warm.push(await drawTime(page));
    await context.close();
  }
  const summary = (values: number[]) =>
    `median ${percentile(values, 50).toFixed(0)} ms, p90 ${percentile(values, 90).toFixed(0)} ms, worst ${Math.max(...values).toFixed(0)} ms`;
  console.log(
    `summary of a line of ${busyLine.hosts.length} hosts (${[...deviceCounts].join(', ')} reported now), ${runs} runs`,
  );
  console.log(`  cold cache: ${summary(cold)}`);
  console.log(`  warm cache: ${summary(warm)}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await once(server, 'exit');
}
