import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPaths, bandwidthTimespanSeconds, type Timespan, timespans } from '@linesight/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { type Config, loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import { createUser, signedInToken } from '../../apps/server/test/test-app';
import {
  type EngineName,
  enginesToRun,
  runFacts,
  type LatencySummary,
  loadAverage,
  openEngine,
  openKeptEngine,
  type OpenedEngine,
  roundTo,
  selectRows,
  summariseLatencies,
} from '../scratch';
import { createRandom } from '../search/random';
import { lineCode } from '../charts/generate';
import {
  generateLineHealthData,
  type LineClass,
  type LineHealthDataSummary,
  lineHealthFleet,
  reportFleetOnce,
} from './generate';

/**
 * Issue 14's targets: with 1,000 lines × 30 days stored, physical status and WAN statistics
 * (`/physicalStatus/v1/span`, `/wanStats/v1/span`) for a month, and every shorter timespan, under
 * 20 ms at the 95th percentile; the site survey (`/wifiSpectrumAnalyzer/v1`) and the DOCSIS
 * spectrum (`/docsisSpectrumAnalysis/v1`) under 10 ms; on PGlite and on PostgreSQL.
 *
 * For each engine: a fresh database with line-health/generate.ts's store (the chart bench's
 * tiers, WAN series in every tier, 30 days of events, one simulator report per line through the
 * collector), ANALYZE and a CHECKPOINT, then the calls through the real app (`app.inject`: access
 * control, validation, services, queries, serialisation) as a CSR. Each round makes every call
 * once, each for a line drawn at random among those it concerns (WAN statistics of DSL lines and
 * of DOCSIS lines apart, the spectrum of DOCSIS lines, the rest of any line), each span ending
 * at the bench's `now` as the screens ask (`timespanRange`); 30 warm-up rounds, 400 timed.
 *
 *   npm run bench:line-health                        PGlite only
 *   DATABASE_URL=postgres://… npm run bench:line-health    PGlite, then PostgreSQL (scratch database)
 *   npm run bench:line-health -- --engine postgres --lines 100   one engine, fewer lines (not recorded)
 */

const targetLines = 1_000;
const warmUpRounds = 30;
const timedRounds = 400;

type Lines = LineClass | 'any';

interface Call {
  key: string;
  path: string;
  lines: Lines;
  targetMs: number;
  /** Adds the span's query to the path. */
  timespan?: Timespan;
}

const spanCalls = (name: string, template: string, lines: Lines): Call[] =>
  timespans.map((timespan) => ({
    key: `${name} ${timespan}`,
    path: template,
    lines,
    targetMs: 20,
    timespan,
  }));

const calls: Call[] = [
  ...spanCalls('physicalStatus', apiPaths.physicalStatusSpan, 'any'),
  ...spanCalls('wanStats DSL', apiPaths.wanStatsSpan, 'dsl'),
  ...spanCalls('wanStats DOCSIS', apiPaths.wanStatsSpan, 'docsis'),
  {
    key: 'wanStats fibre month',
    path: apiPaths.wanStatsSpan,
    lines: 'fibre',
    targetMs: 20,
    timespan: 'month',
  },
  { key: 'wifiSpectrumAnalyzer', path: apiPaths.wifiSpectrumAnalyzer, lines: 'any', targetMs: 10 },
  {
    key: 'docsisSpectrumAnalysis',
    path: apiPaths.docsisSpectrumAnalysis,
    lines: 'docsis',
    targetMs: 10,
  },
];

function urlOf(call: Call, code: string, now: number): string {
  const url = call.path.replace(/:(code|losCode)/, encodeURIComponent(code));
  if (!call.timespan) return url;
  const startTime = now - bandwidthTimespanSeconds[call.timespan] * 1000;
  return `${url}?startTime=${startTime}&endTime=${now}`;
}

interface CallResult extends LatencySummary {
  call: string;
  targetMs: number;
  met: boolean;
  /** Median response size in bytes. */
  medianBytes: number;
  /**
   * The bench process's CPU time per call (user and system, all its threads), ms: on PGlite
   * the whole call's work, on PostgreSQL all but the database's; unlike the wall time, it does
   * not grow while the call waits for a core on a busy machine.
   */
  cpu: { p50: number; p95: number };
}

interface SnapshotSize {
  kind: string;
  rows: number;
  /** Mean payload size as JSON text, bytes. */
  meanBytes: number;
  /** Mean entries of an array payload (survey networks, spectrum segments). */
  meanEntries: number | null;
  /** Mean amplitudes per spectrum segment. */
  meanBins: number | null;
}

interface EngineResult {
  engine: EngineName;
  engineVersion: string;
  node: string;
  cpus: number;
  date: string;
  data: LineHealthDataSummary;
  snapshots: SnapshotSize[];
  generationSeconds: number;
  reportingSeconds: number;
  loadAverage: { before: number; after: number };
  warmUpRounds: number;
  timedRounds: number;
  calls: CallResult[];
}

async function snapshotSizes(database: Database): Promise<SnapshotSize[]> {
  const rows = await selectRows<{
    kind: string;
    rows: number;
    mean_bytes: number;
    mean_entries: number | null;
    mean_bins: number | null;
  }>(
    database.db,
    sql`select kind, count(*)::int as rows, round(avg(length(payload::text)))::int as mean_bytes,
               round(avg((select jsonb_array_length(v) from jsonb_each(payload) e(k, v)
                           where jsonb_typeof(v) = 'array' limit 1)), 1)::float8 as mean_entries,
               round(avg((select avg(jsonb_array_length(x -> 'amplitudeData'))
                            from jsonb_array_elements(payload -> 'spectrumAnalysis') x)), 1)::float8
                 as mean_bins
          from gateway_snapshots group by kind order by kind`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    rows: row.rows,
    meanBytes: row.mean_bytes,
    meanEntries: row.mean_entries,
    meanBins: row.mean_bins,
  }));
}

/** What a kept database remembers of the run that filled it. */
interface StoredRun {
  now: number;
  data: LineHealthDataSummary;
  generationSeconds: number;
  reportingSeconds: number;
}

const runTable = sql.identifier('bench_line_health_run');

async function storedRun(database: Database, lines: number): Promise<StoredRun | null> {
  await database.db.execute(sql`create table if not exists ${runTable} (run jsonb not null)`);
  const [row] = await selectRows<{ run: StoredRun }>(database.db, sql`select run from ${runTable}`);
  if (row && row.run.data.lines !== lines) {
    throw new Error(`the kept database holds ${row.run.data.lines} lines, not ${lines}`);
  }
  return row?.run ?? null;
}

async function benchEngine(
  engine: EngineName,
  database: Database,
  lines: number,
  options: { only?: string | undefined; generateOnly?: boolean | undefined },
): Promise<EngineResult> {
  await database.migrate();
  const fleet = lineHealthFleet(lines);
  const kept = await storedRun(database, lines);
  const now = kept?.now ?? Math.floor(Date.now() / 1000) * 1000;
  let data = kept?.data;
  let generationSeconds = kept?.generationSeconds ?? 0;
  if (!data) {
    console.error(`[${engine}] generating 30 days of tier data for ${lines} lines`);
    const started = performance.now();
    data = await generateLineHealthData(database.db, fleet, now, (message) =>
      console.error(`[${engine}] ${message}`),
    );
    generationSeconds = roundTo((performance.now() - started) / 1000);
  } else {
    console.error(
      `[${engine}] the kept database's data, stored for ${new Date(now).toISOString()}`,
    );
  }

  const config: Config = {
    ...loadConfig({ LOG_LEVEL: process.env.BENCH_LOG ? 'error' : 'silent' }),
    webRoot: undefined,
  };
  const clock = new ManualClock(now);
  const app = await buildApp({
    config,
    database,
    clock,
    buildId: 'bench',
    logger: process.env.BENCH_LOG ? undefined : false,
  });
  await app.ready();
  try {
    let reportingSeconds = kept?.reportingSeconds ?? 0;
    if (!kept) {
      console.error(`[${engine}] posting one simulator report per line`);
      const reporting = performance.now();
      await reportFleetOnce(app, database.db, fleet, now);
      reportingSeconds = roundTo((performance.now() - reporting) / 1000);
      await database.db.execute(sql`analyze`);
      await database.db.execute(sql`checkpoint`);
      const run: StoredRun = { now, data, generationSeconds, reportingSeconds };
      await database.db.execute(
        sql`insert into ${runTable} (run) values (${JSON.stringify(run)}::jsonb)`,
      );
    }
    const linesFor: Record<Lines, string[]> = { dsl: [], docsis: [], fibre: [], any: [] };
    for (const gateway of fleet) {
      const code = lineCode(gateway.profile.index + 1);
      linesFor[gateway.profile.line.lineClass].push(code);
      linesFor.any.push(code);
    }
    const snapshots = await snapshotSizes(database);
    const session = {
      app,
      clock,
      database,
      config,
      databaseUrl: undefined,
      close: () => app.close(),
    };
    // A kept database has the users of its earlier runs.
    const email = `csr-${Date.now()}@example.com`;
    await createUser(session, { email, role: 'CSR' });
    const token = await signedInToken(session, email);

    const random = createRandom(20261124);
    const chosen = calls.filter((call) => !options.only || call.key.includes(options.only));
    const rounds = options.generateOnly ? 0 : warmUpRounds + timedRounds;
    const timings = chosen.map(() => ({
      ms: [] as number[],
      cpuMs: [] as number[],
      bytes: [] as number[],
    }));
    console.error(`[${engine}] ${warmUpRounds} warm-up rounds, ${timedRounds} timed`);
    const loadBefore = loadAverage();
    for (let round = 0; round < rounds; round++) {
      for (const [index, call] of chosen.entries()) {
        const url = urlOf(call, random.pick(linesFor[call.lines]), now);
        const cpu = process.cpuUsage();
        const begun = performance.now();
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { 'x-cah-token': token },
        });
        const ms = performance.now() - begun;
        const { user, system } = process.cpuUsage(cpu);
        if (response.statusCode !== 200) {
          throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        }
        if (round < warmUpRounds) continue;
        timings[index]?.ms.push(ms);
        timings[index]?.cpuMs.push((user + system) / 1000);
        timings[index]?.bytes.push(response.rawPayload.length);
      }
    }
    const loadAfter = loadAverage();
    return {
      ...(await runFacts(engine, database.db)),
      data,
      snapshots,
      generationSeconds,
      reportingSeconds,
      loadAverage: { before: loadBefore, after: loadAfter },
      warmUpRounds,
      timedRounds,
      calls: chosen.map((call, index) => {
        const { ms = [], cpuMs = [], bytes = [] } = timings[index] ?? {};
        const summary = summariseLatencies(ms);
        const cpu = summariseLatencies(cpuMs);
        const sortedBytes = [...bytes].sort((a, b) => a - b);
        return {
          call: call.key,
          ...summary,
          targetMs: call.targetMs,
          met: summary.p95 < call.targetMs,
          cpu: { p50: cpu.p50, p95: cpu.p95 },
          medianBytes: sortedBytes[Math.floor(sortedBytes.length / 2)] ?? 0,
        };
      }),
    };
  } finally {
    await app.close();
  }
}

function markdown(results: readonly EngineResult[]): string {
  const rows = [
    '| engine | call | bytes | p50 ms | p95 ms | p99 ms | max ms | CPU p50 / p95 ms | target | met |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const result of results) {
    for (const c of result.calls) {
      rows.push(
        `| ${result.engineVersion} | ${c.call} | ${c.medianBytes} | ${c.p50} | ${c.p95} | ${c.p99} | ${c.max} | ${c.cpu.p50} / ${c.cpu.p95} | < ${c.targetMs} | ${c.met ? 'yes' : 'no'} |`,
      );
    }
  }
  return rows.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      lines: { type: 'string', default: String(targetLines) },
      keep: { type: 'string' },
      drop: { type: 'boolean', default: false },
      only: { type: 'string' },
      'generate-only': { type: 'boolean', default: false },
    },
  });
  const lines = Number(values.lines);
  if (!Number.isInteger(lines) || lines < 25) throw new Error('--lines must be an integer ≥ 25');
  const url = process.env.DATABASE_URL;
  const results: EngineResult[] = [];
  for (const engine of enginesToRun(values.engine, url)) {
    const opened: OpenedEngine & { drop?: () => Promise<void> } = values.keep
      ? await openKeptEngine(engine, url, values.keep)
      : await openEngine(engine, url, 'bench_line_health');
    let dropped = false;
    try {
      const result = await benchEngine(engine, opened.database, lines, {
        only: values.only,
        generateOnly: values['generate-only'],
      });
      if (lines === targetLines && !values.only && !values['generate-only']) {
        const file = path.join(import.meta.dirname, `results-${engine}.json`);
        await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
      }
      results.push(result);
      if (values.drop && opened.drop) {
        await opened.drop();
        dropped = true;
      }
    } finally {
      if (!dropped) await opened.dispose();
    }
  }
  console.log(markdown(results));
}

await main();
