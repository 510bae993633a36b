import { parseArgs } from 'node:util';
import { createScratchFolder, createScratchPostgres, percentile } from '../scratch';
import { createGateway, nextReport } from './reports';
import { startServer } from './server-process';

/**
 * Issue 12, finding 4: one large body must not stall everyone. Starts the server as the ingest
 * bench does (server.ts in its own process, `npm start`'s Node flags, a fresh PGlite folder or
 * a scratch PostgreSQL database with DATABASE_URL), then posts, one after the other:
 *
 * - the finding's body: 10,000 reports of about 100 bytes (1 MB);
 * - the most reports a body may hold (`--reports`, the collector's limit), as small;
 * - as many of the ingest bench's 21.9 kB reports (20 hosts each) as the 8 MiB body limit takes.
 *
 * Meanwhile two clients each ask every 10 ms, one request at a time: `GET /api/health`, as a
 * load balancer would (it asks the database: on PGlite it waits for any transaction under way),
 * and a path no route has (a 404 that only needs the event loop). Prints each body's answer and
 * time, and each probe's median and worst latency while the body was being taken.
 *
 *   npx tsx bench/ingest/large-body.ts [--reports 1440]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ingest/large-body.ts
 */

const { values } = parseArgs({
  options: { reports: { type: 'string', default: '1440' } },
});
const bodyLimitBytes = 8 * 1024 * 1024;

const url = process.env.DATABASE_URL;
const scratch = url
  ? await createScratchPostgres(url, 'linesight_large_body')
  : await createScratchFolder('linesight-large-body');
const environment: Record<string, string> =
  'dir' in scratch ? { DATA_DIR: scratch.dir } : { DATABASE_URL: scratch.url };
const server = await startServer(environment, 3, undefined);
const base = `http://127.0.0.1:${server.ready.port}`;

/** `count` reports of about 100 bytes, a minute apart, the newest now. */
function smallReports(count: number): Record<string, number>[] {
  const now = Math.floor(Date.now() / 1000);
  return Array.from({ length: count }, (_, index) => ({
    CollectionTime: now - (count - index) * 60,
    'Device.DeviceInfo.UpTime': 86_400 + index * 60,
    'Device.DeviceInfo.ProcessStatus.CPUUsage': index % 100,
  }));
}

/** The bench's full reports, 300 s apart, as many as fit in the body limit. */
function fullReports(): string {
  const gateway = createGateway(0, 'large', Math.floor(Date.now() / 1000) - 30 * 86_400);
  const reports: string[] = [];
  let bytes = '{"Report":[]}'.length;
  for (;;) {
    const report = JSON.stringify(nextReport(gateway));
    if (bytes + report.length + 1 > bodyLimitBytes) break;
    reports.push(report);
    bytes += report.length + 1;
  }
  return `{"Report":[${reports.join(',')}]}`;
}

/** Asks `path` every 10 ms, one request at a time, while `busy()`; answers the latencies. */
async function probe(path: string, busy: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (busy()) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies.sort((a, b) => a - b);
}

const summary = (latencies: number[]) =>
  `${latencies.length} × ${percentile(latencies, 50).toFixed(1)} / ${(latencies.at(-1) ?? 0).toFixed(1)} ms`;

/**
 * Posts `body` while probing the health check (which asks the database) and a path no route
 * has (404: the event loop alone); answers what each saw, as "requests × median / worst".
 */
async function postWhileProbing(token: string, body: string) {
  let posting = true;
  const probes = Promise.all([
    probe('/api/health', () => posting),
    probe('/api/no-such-route', () => posting),
  ]);
  const started = performance.now();
  const response = await fetch(`${base}/report/v1/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const answer = await response.text();
  const seconds = (performance.now() - started) / 1000;
  posting = false;
  const [health, notFound] = await probes;
  return {
    status: response.status,
    answer: answer.slice(0, 60),
    seconds: seconds.toFixed(2),
    health: summary(health),
    notFound: summary(notFound),
  };
}

try {
  const [first, second, third] = server.ready.tokens;
  const bodies: [string, string | undefined, string][] = [
    ['10,000 reports of ~100 B', first, JSON.stringify({ Report: smallReports(10_000) })],
    [
      `${values.reports} reports of ~100 B`,
      second,
      JSON.stringify({ Report: smallReports(Number(values.reports)) }),
    ],
    ['21.9 kB reports up to 8 MiB', third, fullReports()],
  ];
  for (const [name, token, body] of bodies) {
    const result = await postWhileProbing(token ?? '', body);
    const reports = (JSON.parse(body) as { Report: unknown[] }).Report.length;
    console.log(
      JSON.stringify({ body: name, reports, megabytes: (body.length / 1e6).toFixed(2), ...result }),
    );
  }
} finally {
  await server.stop();
  await ('dir' in scratch ? scratch.remove() : scratch.drop());
}
