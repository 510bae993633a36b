import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createScratchFolder,
  type EngineName,
  enginesToRun,
  engineVersion,
  freshServerDatabase,
  type LatencySummary,
  loadAverage,
  positiveInteger,
  roundTo,
  summariseLatencies,
} from '../scratch';
import { mainThreadProfile, type ProfileSummary, summariseProfile } from './cpu-profile';
import { cpuBetween, type CpuSnapshot, cpuSnapshot, type CpuUse } from './cpu-use';
import { type Load, type LoadTotals, prime, sleep, startLoad, warmUp } from './load';
import type { RollupRun, ServerMessage } from './messages';
import { createGateway, hostsPerGateway, reportingIntervalSeconds } from './reports';
import { type ServerGroup, startServerGroup } from './server-process';

/**
 * Collector throughput (issue 5's target: at least 1,000 reports/s on PostgreSQL, which is
 * 300,000 gateways reporting every 300 s, and 300 on PGlite). For each engine and each way of
 * posting, the real server runs in a child process (server.ts) on a fresh database with the
 * gateways provisioned; this process is the gateways, on the same machine: each posts
 * NameValuePair reports with 20 LAN hosts to its reporting URL over keep-alive HTTP, at most
 * one request per gateway in flight and `--concurrency` in all (256: a fleet's gateways do not
 * wait for each other, so at 1,000 reports/s answered in about 250 ms some 250 are open at any
 * moment), spread over `--servers` server processes on the one database (two on PostgreSQL, as
 * DESIGN.md scales the server; one on PGlite, which lives inside its process). Every gateway
 * first posts one report (so that each has its state, as in service), then after a warm-up the
 * requests that finish within the measured window count. Afterwards the database must hold
 * exactly the reports accepted.
 *
 *   npx tsx bench/ingest/ingest.bench.ts              PGlite only
 *   DATABASE_URL=postgres://… npx tsx …               PGlite, then PostgreSQL (scratch database)
 *   … --engine postgres --variant single              one engine, one way of posting
 *   … --servers 1 --concurrency 64                    other settings (results not recorded)
 *   … --cpu-prof [--cpu-prof-dir <folder>]            profile the server (results not recorded)
 */

const defaults = { gateways: 2_000, concurrency: 256, warmUp: 10, duration: 60 };

const variants = [
  { key: 'single', label: '1 report per POST', reportsPerBody: 1, gzip: false },
  { key: 'gzip', label: '1 report per POST, gzip', reportsPerBody: 1, gzip: true },
  { key: 'catch-up', label: '12 reports per POST (catch-up)', reportsPerBody: 12, gzip: false },
] as const;
type Variant = (typeof variants)[number];

const targets: Record<EngineName, number> = { postgres: 1_000, pglite: 300 };

interface RunOptions {
  gateways: number;
  concurrency: number;
  /** Server processes on the database; undefined: each engine's default (`serversFor`). */
  servers: number | undefined;
  warmUpSeconds: number;
  durationSeconds: number;
  /** A folder for the server's `--cpu-prof` output, when profiling. */
  profileDir: string | undefined;
}

interface VariantResult {
  variant: Variant['key'];
  label: string;
  reportsPerBody: number;
  gzip: boolean;
  /** Server processes sharing the load. */
  servers: number;
  bodiesInFlight: number;
  /** Mean body size: its JSON, and as sent. */
  meanJsonBytes: number;
  meanBodyBytes: number;
  provisionSeconds: number;
  /** One report from every gateway first, then the warm-up proper. */
  primingSeconds: number;
  warmUpSeconds: number;
  windowSeconds: number;
  /** Requests and reports answered within the measured window. */
  requests: number;
  reports: number;
  reportsPerSecond: number;
  requestsPerSecond: number;
  /** Per request, from sending to the whole answer. */
  latencyMs: LatencySummary;
  errors: number;
  errorSamples: string[];
  /** Over the whole run, priming and warm-up included. */
  reportsSent: number;
  accepted: number;
  duplicates: number;
  storedReports: number;
  /** The database holds exactly the reports accepted, and nothing failed. */
  verified: boolean;
  cpuCores: CpuUse;
  /**
   * CPU milliseconds per report stored, by process: what a report costs, which other work on the
   * machine changes far less than it changes throughput.
   */
  cpuMsPerReport: { server: number; postgres: number | null; generator: number };
  loadAverage: { before: number; after: number };
  /**
   * The rollup job's runs (seconds from the start of the measured window: negative ones ran
   * during the warm-up), and the run at stop, over what the job had not reached yet.
   */
  rollups: { runs: { atSecond: number; ms: number; buckets: number }[]; final: RollupRun };
  profile?: ProfileSummary;
}

/**
 * Server processes by default: two on PostgreSQL, as DESIGN.md scales the server (stateless
 * processes behind a load balancer; one Node process uses one core for its JavaScript), one on
 * PGlite, whose database lives inside its one process.
 */
function serversFor(engine: EngineName, options: RunOptions): number {
  return options.servers ?? (engine === 'postgres' ? 2 : 1);
}

function progress(engine: EngineName, message: string): void {
  console.error(`[${engine}] ${message}`);
}

/**
 * Bodies in flight: `concurrency` of one report each, and an eighth as many catch-up bodies
 * (8 of 12 reports for 64), so that about as many reports wait at once. With 64 catch-up bodies
 * in flight, PGlite left some waiting past Node's 60 s headers timeout (408 Request Timeout).
 */
function bodiesInFlight(variant: Variant, concurrency: number): number {
  return variant.reportsPerBody === 1 ? concurrency : Math.max(1, Math.round(concurrency / 8));
}

function sumTotals(a: LoadTotals, b: LoadTotals): LoadTotals {
  return {
    requests: a.requests + b.requests,
    reportsSent: a.reportsSent + b.reportsSent,
    accepted: a.accepted + b.accepted,
    duplicates: a.duplicates + b.duplicates,
    errors: a.errors + b.errors,
    errorSamples: [...a.errorSamples, ...b.errorSamples],
    jsonBytes: a.jsonBytes + b.jsonBytes,
    bodyBytes: a.bodyBytes + b.bodyBytes,
  };
}

/** What one run measured, before it is summed up. */
interface Measurement {
  ready: ServerGroup['ready'];
  servers: number;
  priming: { load: Load; seconds: number };
  load: Load;
  warmUpSeconds: number;
  before: CpuSnapshot;
  after: CpuSnapshot;
  loadAverage: { before: number; after: number };
  stopped: Extract<ServerMessage, { type: 'stopped' }>;
}

/** Warms up, measures for the window, stops the load and then the server. */
async function measure(
  server: ServerGroup,
  priming: Measurement['priming'],
  load: Load,
  databaseName: string | undefined,
  options: RunOptions,
): Promise<Measurement> {
  const warmUpSeconds = await warmUp(load, options.warmUpSeconds * 1000);
  const loadBefore = loadAverage();
  const before = await cpuSnapshot(server, databaseName);
  await sleep(options.durationSeconds * 1000);
  const after = await cpuSnapshot(server, databaseName);
  const loadAfter = loadAverage();
  await load.stop();
  const stopped = await server.stop();
  return {
    ready: server.ready,
    servers: server.ports.length,
    priming,
    load,
    warmUpSeconds,
    before,
    after,
    loadAverage: { before: loadBefore, after: loadAfter },
    stopped,
  };
}

function summarise(
  engine: EngineName,
  variant: Variant,
  {
    ready,
    servers,
    priming,
    load,
    warmUpSeconds,
    before,
    after,
    loadAverage,
    stopped,
  }: Measurement,
): VariantResult {
  const window = load.completed.filter(({ endedAt }) => endedAt >= before.at && endedAt < after.at);
  const windowSeconds = (after.at - before.at) / 1000;
  const reports = window.reduce((sum, request) => sum + request.accepted, 0);
  const totals = sumTotals(priming.load.totals, load.totals);
  const windowStartEpochMs = performance.timeOrigin + before.at;
  const cpu = cpuBetween(before, after, engine === 'postgres');
  return {
    variant: variant.key,
    label: variant.label,
    reportsPerBody: variant.reportsPerBody,
    gzip: variant.gzip,
    servers,
    bodiesInFlight: load.concurrency,
    meanJsonBytes: Math.round(load.totals.jsonBytes / load.totals.requests),
    meanBodyBytes: Math.round(load.totals.bodyBytes / load.totals.requests),
    provisionSeconds: roundTo(ready.provisionSeconds),
    primingSeconds: roundTo(priming.seconds),
    warmUpSeconds: roundTo(warmUpSeconds),
    windowSeconds: roundTo(windowSeconds, 2),
    requests: window.length,
    reports,
    reportsPerSecond: Math.round(reports / windowSeconds),
    requestsPerSecond: Math.round(window.length / windowSeconds),
    latencyMs: summariseLatencies(window.map((request) => request.ms)),
    errors: totals.errors,
    errorSamples: totals.errorSamples,
    reportsSent: totals.reportsSent,
    accepted: totals.accepted,
    duplicates: totals.duplicates,
    storedReports: stopped.storedReports,
    verified:
      totals.errors === 0 &&
      totals.duplicates === 0 &&
      totals.accepted === totals.reportsSent &&
      stopped.storedReports === totals.accepted,
    cpuCores: cpu,
    cpuMsPerReport: {
      server: roundTo((cpu.server * 1000 * windowSeconds) / reports, 2),
      postgres:
        cpu.postgres === null ? null : roundTo((cpu.postgres * 1000 * windowSeconds) / reports, 2),
      generator: roundTo((cpu.generator * 1000 * windowSeconds) / reports, 2),
    },
    loadAverage,
    rollups: {
      runs: stopped.rollups.map(({ startedAt, ms, buckets }) => ({
        atSecond: Math.round((startedAt - windowStartEpochMs) / 1000),
        ms,
        buckets,
      })),
      final: stopped.finalRollup,
    },
  };
}

/** One way of posting on one engine: a fresh database, a fresh server, its gateways. */
async function runVariant(
  engine: EngineName,
  url: string | undefined,
  variant: Variant,
  options: RunOptions,
): Promise<{ result: VariantResult; serverVersion: string }> {
  const database = await freshServerDatabase(engine, url, 'ingest');
  let server: ServerGroup | undefined;
  let load: Load | undefined;
  try {
    progress(engine, `${variant.label}: provisioning ${options.gateways} gateways`);
    const profileDir = options.profileDir && path.join(options.profileDir, variant.key);
    server = await startServerGroup(
      database.environment,
      options.gateways,
      serversFor(engine, options),
      profileDir,
    );
    // The first reports are two days back, spread over one interval, so that no gateway's
    // CollectionTime passes the collector's limit (24 h ahead) however fast it reports.
    const firstTime = Math.floor(Date.now() / 1000) - 2 * 86_400;
    const gateways = server.ready.tokens.map((token, index) =>
      createGateway(index, token, firstTime + (index % reportingIntervalSeconds)),
    );
    progress(
      engine,
      `${variant.label}: priming, warming up, measuring ${options.durationSeconds} s`,
    );
    const priming = await prime(server.portFor, gateways, options.concurrency);
    load = startLoad(
      server.portFor,
      gateways,
      variant,
      bodiesInFlight(variant, options.concurrency),
    );
    const measurement = await measure(server, priming, load, database.name, options);
    const result = summarise(engine, variant, measurement);
    const profileFile = profileDir ? await mainThreadProfile(profileDir) : undefined;
    if (profileFile) result.profile = await summariseProfile(profileFile);
    progress(
      engine,
      `${variant.label}: ${result.reportsPerSecond} reports/s, p95 ${result.latencyMs.p95} ms, ` +
        `${result.errors} errors, stored ${result.storedReports} of ${result.accepted} accepted`,
    );
    return { result, serverVersion: server.ready.serverVersion };
  } finally {
    // After a failure: no more requests, no server left running, then the database goes.
    await load?.stop().catch(() => undefined);
    await server?.kill();
    await database.dispose();
  }
}

interface EngineResult {
  engine: EngineName;
  engineVersion: string;
  node: string;
  cpus: number;
  date: string;
  gateways: number;
  hostsPerGateway: number;
  concurrency: number;
  warmUpSeconds: number;
  durationSeconds: number;
  targetReportsPerSecond: number;
  variants: VariantResult[];
}

async function benchEngine(
  engine: EngineName,
  url: string | undefined,
  chosen: readonly Variant[],
  options: RunOptions,
): Promise<EngineResult> {
  const results: VariantResult[] = [];
  let serverVersion = '?';
  for (const variant of chosen) {
    const run = await runVariant(engine, url, variant, options);
    results.push(run.result);
    serverVersion = run.serverVersion;
  }
  return {
    engine,
    engineVersion: await engineVersion(engine, serverVersion),
    node: process.version,
    cpus: os.availableParallelism(),
    date: new Date().toISOString().slice(0, 10),
    gateways: options.gateways,
    hostsPerGateway,
    concurrency: options.concurrency,
    warmUpSeconds: options.warmUpSeconds,
    durationSeconds: options.durationSeconds,
    targetReportsPerSecond: targets[engine],
    variants: results,
  };
}

function markdown(results: readonly EngineResult[]): string {
  const lines = [
    '| engine | posting | servers | in flight | reports/s | requests/s | p50 ms | p95 ms | p99 ms | max ms | errors | stored = accepted | server cores | PostgreSQL cores | generator cores | machine cores | server CPU ms/report | PostgreSQL CPU ms/report | load avg |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const result of results) {
    for (const v of result.variants) {
      const { latencyMs: l, cpuCores: cpu } = v;
      lines.push(
        `| ${result.engineVersion} | ${v.label} | ${v.servers} | ${v.bodiesInFlight} | ${v.reportsPerSecond} | ${v.requestsPerSecond} | ${l.p50} | ${l.p95} | ${l.p99} | ${l.max} | ${v.errors} | ${v.verified ? 'yes' : 'NO'} (${v.storedReports}) | ${cpu.server} | ${cpu.postgres ?? '-'} | ${cpu.generator} | ${cpu.machine} | ${v.cpuMsPerReport.server} | ${v.cpuMsPerReport.postgres ?? '-'} | ${v.loadAverage.before}–${v.loadAverage.after} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      variant: { type: 'string' },
      gateways: { type: 'string', default: String(defaults.gateways) },
      concurrency: { type: 'string', default: String(defaults.concurrency) },
      'warm-up': { type: 'string', default: String(defaults.warmUp) },
      duration: { type: 'string', default: String(defaults.duration) },
      servers: { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      'cpu-prof-dir': { type: 'string' },
    },
  });
  const options: RunOptions = {
    gateways: positiveInteger(values.gateways, 'gateways'),
    concurrency: positiveInteger(values.concurrency, 'concurrency'),
    warmUpSeconds: positiveInteger(values['warm-up'], 'warm-up'),
    durationSeconds: positiveInteger(values.duration, 'duration'),
    servers: values.servers === undefined ? undefined : positiveInteger(values.servers, 'servers'),
    profileDir: undefined,
  };
  if (options.concurrency >= options.gateways)
    throw new Error('--concurrency must be < --gateways');
  const chosen = values.variant
    ? values.variant.split(',').map((key) => {
        const variant = variants.find((candidate) => candidate.key === key);
        if (!variant) throw new Error(`unknown variant "${key}": single, gzip or catch-up`);
        return variant;
      })
    : variants;
  // Profiles go to --cpu-prof-dir and stay there, or to a temporary folder removed at the end.
  const profileFolder =
    values['cpu-prof'] && !values['cpu-prof-dir']
      ? await createScratchFolder('linesight-cpu-prof')
      : null;
  options.profileDir = values['cpu-prof-dir'] ?? profileFolder?.dir;
  // Only a full run with the standard settings is recorded.
  const recorded =
    !options.profileDir &&
    chosen.length === variants.length &&
    options.gateways === defaults.gateways &&
    options.servers === undefined &&
    options.concurrency === defaults.concurrency &&
    options.warmUpSeconds === defaults.warmUp &&
    options.durationSeconds === defaults.duration;

  const url = process.env.DATABASE_URL;
  const results: EngineResult[] = [];
  try {
    for (const engine of enginesToRun(values.engine, url)) {
      const result = await benchEngine(engine, url, chosen, options);
      if (recorded) {
        const file = path.join(import.meta.dirname, `results-${engine}.json`);
        await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
      }
      results.push(result);
    }
  } finally {
    await profileFolder?.remove();
  }
  console.log(markdown(results));
  for (const result of results) {
    for (const variant of result.variants) {
      if (!variant.profile) continue;
      console.log(`\n${result.engine}, ${variant.label}: server CPU profile`);
      console.log(JSON.stringify(variant.profile, null, 2));
    }
  }
  if (results.some((result) => result.variants.some((variant) => !variant.verified))) {
    process.exitCode = 1;
  }
}

await main();
