/**
 * How long the bandwidth chart takes to draw a month of 25 devices in Chromium (issue 13's
 * target: well under 100 ms). Serves the built client (`npm run build` first) with Vite's
 * preview server and answers its API calls with a month of counters for 25 devices at the
 * month tier's spacing (28,800 s), so the figure is the client's alone: the server's month read
 * is timed by the chart-read bench. The chart reports each draw as the Performance API measure
 * `linesight-chart-draw` (from building the uPlot chart to its first paint of the data).
 *
 *   npx tsx bench/web/chart-draw.ts [runs]
 */
import { type MacCountersResponse, timespanSpacingSeconds } from '@linesight/contract';
import { chromium, type Route } from '@playwright/test';
import path from 'node:path';
import { preview } from 'vite';

const runs = Number(process.argv[2] ?? 15);
const deviceCount = 25;
const losCode = 'BENCH-LOS-1';
const webRoot = path.resolve(import.meta.dirname, '../../apps/web');

function monthOfCounters(now: number): MacCountersResponse {
  const spacing = timespanSpacingSeconds.month;
  const points = Math.round((29.7 * 86_400) / spacing);
  const startTime = Math.floor(now / 1000 / spacing) * spacing * 1000 - points * spacing * 1000;
  const wave = (device: number, index: number, scale: number): number =>
    Math.round(scale * (1 + Math.sin((index + device * 7) / 3)) * (1 + device / 10));
  return {
    hosts: Array.from({ length: deviceCount }, (_, device) => ({
      macAddress: `02:00:00:00:00:${device.toString(16).padStart(2, '0')}`,
      host: `device-${device + 1}`,
      bm: {
        month: {
          startTime,
          intervalSeconds: spacing,
          inBytes: Array.from({ length: points }, (_, index) => wave(device, index, 4e8)),
          outBytes: Array.from({ length: points }, (_, index) => wave(device, index, 5e7)),
          rssi: Array.from({ length: points }, () => -60),
          rxRate: Array.from({ length: points }, () => 144_000),
          txRate: Array.from({ length: points }, () => 866_000),
        },
      },
    })),
  };
}

const server = await preview({ root: webRoot, preview: { port: 18480, strictPort: true } });
const baseUrl = 'http://localhost:18480';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const user = {
    id: 'bench',
    role: 'CSR',
    email: 'bench@bench.example',
    name: 'Bench',
    linesOfService: [],
    idToken: null,
    ssoLogoutUrl: null,
  };
  await context.addCookies([
    { name: 'ls_auth_token', value: 'bench-token', url: baseUrl },
    { name: 'ls_user', value: encodeURIComponent(JSON.stringify(user)), url: baseUrl },
    { name: 'ls_sign_in_mode', value: 'cahUser', url: baseUrl },
  ]);
  const month = JSON.stringify(monthOfCounters(Date.now()));
  await context.route('**/api/**', (route: Route) => {
    const url = new URL(route.request().url());
    const json = (body: string) =>
      route.fulfill({ status: 200, contentType: 'application/json', body });
    if (url.pathname.startsWith('/api/maccounter30/')) return json(month);
    if (url.pathname.startsWith('/api/parameter/'))
      return json(JSON.stringify({ name: 'maccounters.frequency', value: 300 }));
    if (url.pathname.startsWith('/api/maccounter/')) return json(JSON.stringify({ hosts: [] }));
    return route.fulfill({ status: 204 });
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/bandwidth/${losCode}/devices`);
  const durations: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.evaluate(() => performance.clearMeasures('linesight-chart-draw'));
    await page.getByText('Day', { exact: true }).click();
    await page.getByText('Month', { exact: true }).click();
    const duration = await page.waitForFunction(() => {
      const drawn = performance
        .getEntriesByName('linesight-chart-draw')
        .find((entry) => (entry as { detail?: { series?: number } }).detail?.series === 25);
      return drawn?.duration;
    });
    durations.push((await duration.jsonValue()) as number);
  }
  console.log(durations.map((duration) => duration.toFixed(1)).join(' '));
  durations.sort((a, b) => a - b);
  const at = (share: number): string =>
    (durations[Math.min(durations.length - 1, Math.floor(share * durations.length))] ?? 0).toFixed(
      1,
    );
  console.log(
    `month bandwidth chart, ${deviceCount} devices, ${runs} draws: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`,
  );
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}
