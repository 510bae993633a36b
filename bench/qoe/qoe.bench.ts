import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  apiPaths,
  dashboardWeekDays,
  dashboardWidgets,
  type QoeQuery,
  qoeReportColumns,
  qoeReportMaxRows,
  widgetWindowMinutes,
} from '@linesight/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { type Config, loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import { createUser, signedInToken } from '../../apps/server/test/test-app';
import { postgresBackendSeconds } from '../ingest/cpu-use';
import {
  type EngineName,
  enginesToRun,
  type LatencySummary,
  loadAverage,
  openEngine,
  openKeptEngine,
  type OpenedEngine,
  roundTo,
  runFacts,
  selectRows,
  summariseLatencies,
} from '../scratch';
import { createRandom, type Random } from '../search/random';
import {
  countRows,
  daysRange,
  detailDays,
  generateFleet,
  generateScoredTier,
  markBuilt,
  qoeFleet,
  storedDays,
} from './generate';
import { type Cost, type Harness, type JobRun, scoreBucket, scoreHistory } from './job';
import { explainStatements, recordStatements, type Scan } from './plans';

/**
 * Issue 15's targets: with 10,000 lines × 8 days stored (PostgreSQL) and 1,000 lines (PGlite),
 * each dashboard call (`/populationMetric/v1/span/{widget}` over the widgets' window and over the
 * dashboard's week, `/experienceRating/v1`, `/fleetMap/v1`, `/uptimeReport/v1`) under 50 ms at
 * the 95th percentile and the QoE report's query (`POST /qoe/v1/query`: filters, a sort, one page)
 * under 200 ms; neither may grow with stored history nor scan every line on each request; the
 * scoring job keeps up with 10,000 lines at the 300 s reporting interval on under a tenth of one
 * core (one 900 s bucket of all lines scored in under 90 s of CPU, the bench's and the
 * database's).
 *
 * For each engine, on a fresh database (or a kept one, `--keep`):
 *
 * 1. qoe/generate.ts's fleet and the newest day of the 900 s tier; the real job scores that
 *    day's buckets (`job.ts`); ANALYZE; the calls are timed ("1 day stored"), their statements
 *    explained, and the real rollup and scoring of the next bucket measured (CPU and wall time).
 * 2. The 7 older days of the tier, scored; ANALYZE; the same calls, plans and job again
 *    ("8 days stored"): the figures must not grow.
 *
 * Calls go through the real app (`app.inject`: access control, validation, services, queries,
 * serialisation) as a CSR. Each round makes every call once; the report query draws its filters,
 * sort column, order and page at random. 30 warm-up rounds, 200 timed (400 with --rounds).
 *
 *   npm run bench:qoe                                  PGlite, 1,000 lines
 *   DATABASE_URL=postgres://… npm run bench:qoe -- --engine postgres      10,000 lines
 *   npm run bench:qoe -- --engine pglite --lines 200 --only qoeQuery      a part (not recorded)
 */

const defaultLines: Record<EngineName, number> = { pglite: 1_000, postgres: 10_000 };
const warmUpRounds = 30;
const defaultTimedRounds = 200;
const dashboardTargetMs = 50;
const reportTargetMs = 200;

interface Call {
  key: string;
  targetMs: number | null;
  /** A request for this round; the query drawn at random where the call has a choice. */
  request(now: number, random: Random): { method: 'GET' | 'POST'; url: string; payload?: object };
}

const minute = 60_000;

const widgetCalls = (): Call[] =>
  dashboardWidgets.flatMap((widget) => {
    const url = apiPaths.populationMetricSpan.replace(':widgetPath', widget);
    return [
      {
        key: `populationMetric ${widget} window`,
        targetMs: dashboardTargetMs,
        request: (now: number) => ({
          method: 'GET' as const,
          url: `${url}?startTime=${now - widgetWindowMinutes * minute}&endTime=${now}`,
        }),
      },
      {
        key: `populationMetric ${widget} week`,
        targetMs: dashboardTargetMs,
        request: (now: number) => ({
          method: 'GET' as const,
          url: `${url}?startTime=${now - dashboardWeekDays * 1440 * minute}&endTime=${now}`,
        }),
      },
    ];
  });

/**
 * Filters a QoE report user sets with the sliders and the LAN-device inputs (seed 001 §5), set
 * where they match 12% to 79% of the generated fleet's lines: the generator draws each bucket's
 * values at random around the same means for every line, so 24-hour averages sit close together
 * (overall 3.1–3.3 for 80% of lines, WiFi 2.3–2.6, CPU score 5) and bounds at a real fleet's
 * trouble spots (overall ≤ 2.5, WiFi ≤ 2) would match nothing, leaving no rows to sort.
 */
const reportFilters: QoeQuery[] = [
  { maxOverall: 3.1 },
  { maxWifi: 2.3 },
  { maxWifi: 3, minLanHostCount: 10 },
  { minUsedCpuPercent: 31 },
  { maxFreeRam: 4.3 },
  { minOverall: 1, maxOverall: 3.2, maxPhysicalStatus: 4.5 },
  { maxPhysicalStatus: 4.2 },
  { minUsedRamPercent: 62, maxLanHostCount: 20 },
];
const reportPageSize = 25;

const calls: Call[] = [
  ...widgetCalls(),
  {
    key: 'experienceRating',
    targetMs: dashboardTargetMs,
    request: () => ({ method: 'GET', url: apiPaths.experienceRating }),
  },
  {
    key: 'fleetMap',
    targetMs: dashboardTargetMs,
    request: () => ({ method: 'GET', url: apiPaths.fleetMap }),
  },
  {
    key: 'uptimeReport',
    targetMs: dashboardTargetMs,
    request: () => ({ method: 'GET', url: apiPaths.uptimeReport }),
  },
  {
    key: 'qoeQuery filtered page',
    targetMs: reportTargetMs,
    request: (_now, random) => ({
      method: 'POST',
      url: apiPaths.qoeQuery,
      payload: {
        ...random.pick(reportFilters),
        sort: random.pick(qoeReportColumns),
        order: random.pick(['asc', 'desc'] as const),
        offset: random.between(0, 4) * reportPageSize,
        limit: reportPageSize,
      } satisfies QoeQuery,
    }),
  },
  {
    key: 'qoeQuery unfiltered page',
    targetMs: reportTargetMs,
    request: (_now, random) => ({
      method: 'POST',
      url: apiPaths.qoeQuery,
      payload: {
        sort: random.pick(qoeReportColumns),
        order: random.pick(['asc', 'desc'] as const),
        offset: random.between(0, 9) * reportPageSize,
        limit: reportPageSize,
      } satisfies QoeQuery,
    }),
  },
  {
    // What the CSV export asks: every row at once. Recorded, no target.
    key: 'qoeQuery all rows (CSV)',
    targetMs: null,
    request: () => ({
      method: 'POST',
      url: apiPaths.qoeQuery,
      payload: { sort: 'overallScore', order: 'asc', offset: 0, limit: qoeReportMaxRows },
    }),
  },
];

interface CallResult extends LatencySummary {
  call: string;
  targetMs: number | null;
  met: boolean | null;
  medianBytes: number;
  /** The report query's median `total` (lines matching its filters); null for other calls. */
  medianTotal: number | null;
  /** The bench process's CPU time per call, ms (see line-health.bench.ts). */
  cpu: { p50: number; p95: number };
  /** Every scan of the call's reads, from one warm call's EXPLAIN ANALYZE. */
  scans: (Scan & { statementMs: number })[];
}

interface Phase {
  storedDays: number;
  rows: Record<string, number>;
  /** How long the job took to score the stored history's buckets, s. */
  historySeconds: number;
  loadAverage: { before: number; after: number };
  calls: CallResult[];
  job: JobRun | null;
}

interface EngineResult {
  engine: EngineName;
  engineVersion: string;
  node: string;
  cpus: number;
  date: string;
  lines: number;
  generationSeconds: number;
  warmUpRounds: number;
  timedRounds: number;
  phases: Phase[];
}

/** Rows of the tables the calls and the job read, for the record. */
async function tableRows(database: Database): Promise<Record<string, number>> {
  const tables = await selectRows<{ name: string }>(
    database.db,
    sql`select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r'
           and (relname in ('lines_of_service', 'subscribers', 'gateway_metrics', 'host_metrics',
                            'wan_metrics', 'gateway_events', 'gateway_state', 'host_state')
                or relname like '%qoe%' or relname like '%fleet%' or relname like '%score%'
                or relname like '%uptime%' or relname like '%population%')
         order by relname`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) rows[name] = await countRows(database.db, name);
  return rows;
}

async function timeCalls(
  harness: Harness,
  chosen: readonly Call[],
  timedRounds: number,
): Promise<Omit<CallResult, 'scans'>[]> {
  const { app, clock, token } = harness;
  const random = createRandom(20261124);
  const timings = chosen.map(() => ({
    ms: [] as number[],
    cpuMs: [] as number[],
    bytes: [] as number[],
    totals: [] as number[],
  }));
  for (let round = 0; round < warmUpRounds + timedRounds; round++) {
    const now = clock.now().getTime();
    for (const [index, call] of chosen.entries()) {
      const request = call.request(now, random);
      const cpu = process.cpuUsage();
      const begun = performance.now();
      const response = await app.inject({ ...request, headers: { 'x-cah-token': token } });
      const ms = performance.now() - begun;
      const { user, system } = process.cpuUsage(cpu);
      if (response.statusCode !== 200) {
        throw new Error(
          `${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`,
        );
      }
      if (round < warmUpRounds) continue;
      timings[index]?.ms.push(ms);
      timings[index]?.cpuMs.push((user + system) / 1000);
      timings[index]?.bytes.push(response.rawPayload.length);
      if (request.method === 'POST') {
        timings[index]?.totals.push((JSON.parse(response.body) as { total: number }).total);
      }
    }
  }
  return chosen.map((call, index) => {
    const { ms = [], cpuMs = [], bytes = [], totals = [] } = timings[index] ?? {};
    const summary = summariseLatencies(ms);
    const cpu = summariseLatencies(cpuMs);
    const sortedBytes = [...bytes].sort((a, b) => a - b);
    const sortedTotals = [...totals].sort((a, b) => a - b);
    return {
      call: call.key,
      ...summary,
      targetMs: call.targetMs,
      met: call.targetMs === null ? null : summary.p95 < call.targetMs,
      cpu: { p50: cpu.p50, p95: cpu.p95 },
      medianBytes: sortedBytes[Math.floor(sortedBytes.length / 2)] ?? 0,
      medianTotal: sortedTotals[Math.floor(sortedTotals.length / 2)] ?? null,
    };
  });
}

/** One warm call of each kind, its statements explained; the plans' text to `plansFile`. */
async function explainCalls(
  harness: Harness,
  chosen: readonly Call[],
  plansFile: string | null,
  heading: string,
): Promise<Map<string, CallResult['scans']>> {
  const { app, clock, token, database } = harness;
  const random = createRandom(7);
  const scans = new Map<string, CallResult['scans']>();
  const text: string[] = [`# ${heading}`];
  for (const call of chosen) {
    const request = call.request(clock.now().getTime(), random);
    const statements = await recordStatements(database, () =>
      app.inject({ ...request, headers: { 'x-cah-token': token } }),
    );
    const plans = await explainStatements(database, statements);
    scans.set(
      call.key,
      plans.flatMap((plan) =>
        plan.scans.map((scan) => ({ ...scan, statementMs: roundTo(plan.executionMs, 2) })),
      ),
    );
    text.push(
      `\n## ${call.key}: ${request.method} ${request.url} ${request.payload ? JSON.stringify(request.payload) : ''}`,
    );
    for (const plan of plans) text.push(`\n${plan.sql}\n\n${plan.text}`);
  }
  if (plansFile) await writeFile(plansFile, `${text.join('\n')}\n`, { flag: 'a' });
  return scans;
}

async function cost<T>(
  harness: Harness,
  work: () => Promise<T>,
): Promise<{ value: T; cost: Cost }> {
  const { databaseName } = harness;
  const databaseBefore = databaseName ? await postgresBackendSeconds(databaseName) : 0;
  const cpu = process.cpuUsage();
  const begun = performance.now();
  const value = await work();
  const wallMs = performance.now() - begun;
  const { user, system } = process.cpuUsage(cpu);
  const databaseAfter = databaseName ? await postgresBackendSeconds(databaseName) : 0;
  return {
    value,
    cost: {
      wallMs: roundTo(wallMs),
      processCpuMs: roundTo((user + system) / 1000),
      databaseCpuMs: databaseName ? roundTo((databaseAfter - databaseBefore) * 1000) : null,
    },
  };
}

async function measurePhase(
  harness: Harness,
  days: number,
  historySeconds: number,
  options: {
    only?: string | undefined;
    timedRounds: number;
    plansFile: string | null;
    job: boolean;
  },
): Promise<Phase> {
  const chosen = calls.filter((call) => !options.only || call.key.includes(options.only));
  const loadBefore = loadAverage();
  const timed = await timeCalls(harness, chosen, options.timedRounds);
  const loadAfter = loadAverage();
  const scans = await explainCalls(harness, chosen, options.plansFile, `${days} days stored`);
  let job: JobRun | null = null;
  if (options.job) job = await scoreBucket(harness, cost);
  return {
    storedDays: days,
    rows: await tableRows(harness.database),
    historySeconds,
    loadAverage: { before: loadBefore, after: loadAfter },
    calls: timed.map((result) => ({ ...result, scans: scans.get(result.call) ?? [] })),
    job,
  };
}

const runTable = sql.identifier('bench_qoe_run');

interface StoredRun {
  now: number;
  lines: number;
  stage: 'empty' | 'day' | 'day scored' | 'week' | 'week scored';
  generationSeconds: number;
  /** The job's time to score the history, s, by days stored. */
  historySeconds: Record<number, number>;
}

async function benchEngine(
  engine: EngineName,
  opened: OpenedEngine,
  databaseName: string | null,
  lines: number,
  options: {
    only?: string | undefined;
    generateOnly: boolean;
    jobOnly: boolean;
    timedRounds: number;
    record: boolean;
  },
): Promise<EngineResult> {
  const { database } = opened;
  await database.migrate();
  await database.db.execute(sql`create table if not exists ${runTable} (run jsonb not null)`);
  const [kept] = await selectRows<{ run: StoredRun }>(
    database.db,
    sql`select run from ${runTable}`,
  );
  if (kept && kept.run.lines !== lines) {
    throw new Error(`the kept database holds ${kept.run.lines} lines, not ${lines}`);
  }
  const fleet = qoeFleet(lines);
  const start = kept?.run.now ?? Math.floor(Date.now() / 1000) * 1000;
  const progress = (message: string) => console.error(`[${engine}] ${message}`);
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: process.env.BENCH_LOG ? 'error' : 'silent' }),
    webRoot: undefined,
  };
  const clock = new ManualClock(start);
  const app = await buildApp({
    config,
    database,
    clock,
    buildId: 'bench',
    logger: process.env.BENCH_LOG ? undefined : false,
  });
  await app.ready();
  const plansFile = options.record ? path.join(import.meta.dirname, `plans-${engine}.txt`) : null;
  if (plansFile) await writeFile(plansFile, '');
  try {
    const phases: Phase[] = [];
    const session = {
      app,
      clock,
      database,
      config,
      databaseUrl: undefined,
      close: () => app.close(),
    };
    const email = `csr-${Date.now()}@example.com`;
    await createUser(session, { email, role: 'CSR' });
    const harness: Harness = {
      app,
      clock,
      database,
      databaseName,
      token: await signedInToken(session, email),
    };
    const phaseOptions = {
      only: options.only,
      timedRounds: options.timedRounds,
      plansFile,
      job: !options.only,
    };
    const analyze = async () => {
      await database.db.execute(sql`analyze`);
      await database.db.execute(sql`checkpoint`);
    };

    // A run goes through these stages; a kept database remembers the last one it reached, so
    // that the long generation serves several runs and a run can resume where one stopped.
    let run: StoredRun = kept?.run ?? {
      now: start,
      lines,
      stage: 'empty',
      generationSeconds: 0,
      historySeconds: {},
    };
    const save = async (next: Partial<StoredRun>) => {
      run = { ...run, ...next };
      await database.db.execute(sql`delete from ${runTable}`);
      await database.db.execute(
        sql`insert into ${runTable} (run) values (${JSON.stringify(run)}::jsonb)`,
      );
    };
    if (kept) {
      progress(`the kept database, stage ${run.stage}, data for ${new Date(start).toISOString()}`);
      // The clock resumes after the buckets earlier runs' jobs scored.
      const [latest] = await selectRows<{ at: string | null }>(
        database.db,
        sql`select max(bucket)::text as at from gateway_metrics where tier = 900`,
      );
      if (latest?.at) {
        const resume = new Date(latest.at).getTime() + 900_000 + 90_000;
        clock.advance(Math.max(0, resume - start));
      }
    }
    const resultOf = async (): Promise<EngineResult> => ({
      ...(await runFacts(engine, database.db)),
      lines,
      generationSeconds: run.generationSeconds,
      warmUpRounds,
      timedRounds: options.timedRounds,
      phases,
    });
    const writeResult = async () => {
      if (!options.record) return;
      const file = path.join(import.meta.dirname, `results-${engine}.json`);
      await writeFile(file, `${JSON.stringify(await resultOf(), null, 2)}\n`);
    };
    const newestDay = daysRange(start, detailDays);
    const olderDays = daysRange(start, storedDays - detailDays, detailDays);
    const timed = async (work: () => Promise<void>) => {
      const started = performance.now();
      await work();
      return roundTo((performance.now() - started) / 1000);
    };
    if (run.stage === 'empty') {
      progress(`generating the fleet of ${lines} lines and its newest day`);
      const seconds = await timed(async () => {
        await generateFleet(database.db, fleet, start, progress);
        await generateScoredTier(database.db, fleet, newestDay, true, progress);
        await markBuilt(database.db, start);
        await analyze();
      });
      await save({ stage: 'day', generationSeconds: seconds });
    }
    if (options.jobOnly) {
      progress(`stage ${run.stage}: the job alone, on one bucket of every line`);
      const loadBefore = loadAverage();
      const job = await scoreBucket(harness, cost);
      phases.push({
        storedDays: run.stage.startsWith('week') ? storedDays : detailDays,
        rows: await tableRows(database),
        historySeconds: 0,
        loadAverage: { before: loadBefore, after: loadAverage() },
        calls: [],
        job,
      });
      return await resultOf();
    }
    if (options.generateOnly) progress('generated the newest day; the rest needs the scoring job');
    else {
      if (run.stage === 'day') {
        progress(`the job scores the newest day's ${96} buckets`);
        const seconds = await timed(() => scoreHistory(harness, newestDay, progress));
        await analyze();
        await save({
          stage: 'day scored',
          historySeconds: { ...run.historySeconds, [detailDays]: seconds },
        });
      }
      if (run.stage === 'day scored') {
        progress(`${detailDays} day stored: timing the calls`);
        phases.push(
          await measurePhase(
            harness,
            detailDays,
            run.historySeconds[detailDays] ?? 0,
            phaseOptions,
          ),
        );
        // Written now too: the rest of a run at 10,000 lines takes half an hour.
        await writeResult();
        progress(`generating the ${storedDays - detailDays} older days`);
        const seconds = await timed(async () => {
          await generateScoredTier(database.db, fleet, olderDays, false, progress);
        });
        await save({ stage: 'week', generationSeconds: run.generationSeconds + seconds });
      }
      if (run.stage === 'week') {
        progress(`the job scores the older days' ${(storedDays - detailDays) * 96} buckets`);
        const seconds = await timed(() => scoreHistory(harness, olderDays, progress));
        await analyze();
        await save({
          stage: 'week scored',
          historySeconds: { ...run.historySeconds, [storedDays]: seconds },
        });
      }
      progress(`${storedDays} days stored: timing the calls`);
      phases.push(
        await measurePhase(harness, storedDays, run.historySeconds[storedDays] ?? 0, phaseOptions),
      );
      await writeResult();
    }
    return await resultOf();
  } finally {
    await app.close();
  }
}

function markdown(results: readonly EngineResult[]): string {
  const rows = [
    '| engine | stored | call | bytes | p50 ms | p95 ms | max ms | CPU p50 / p95 ms | target | met | matches | scans (rows) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const jobs: string[] = [];
  for (const result of results) {
    for (const phase of result.phases) {
      for (const c of phase.calls) {
        const scans = c.scans
          .map(
            (s) =>
              `${s.node} ${s.index ?? s.relation} (${s.rows}${s.removed ? `, -${s.removed}` : ''})`,
          )
          .join('; ');
        rows.push(
          `| ${result.engineVersion} | ${phase.storedDays} d | ${c.call} | ${c.medianBytes} | ${c.p50} | ${c.p95} | ${c.max} | ${c.cpu.p50} / ${c.cpu.p95} | ${c.targetMs ? `< ${c.targetMs}` : '-'} | ${c.met === null ? '-' : c.met ? 'yes' : 'no'} | ${c.medianTotal ?? ''} | ${scans} |`,
        );
      }
      if (phase.job) {
        const { rollupAndScoring, scoring, built } = phase.job;
        const costText = (cost: Cost) =>
          `${cost.wallMs} ms wall, ${cost.processCpuMs} ms process CPU, ${cost.databaseCpuMs ?? '-'} ms database CPU`;
        jobs.push(
          `${result.engineVersion}, ${phase.storedDays} d, bucket ${phase.job.bucket} (built ${JSON.stringify(built)}): rollup and scoring ${costText(rollupAndScoring)}; scoring alone ${costText(scoring)}`,
        );
      }
    }
  }
  return [...rows, '', ...jobs].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      lines: { type: 'string' },
      rounds: { type: 'string', default: String(defaultTimedRounds) },
      keep: { type: 'string' },
      drop: { type: 'boolean', default: false },
      only: { type: 'string' },
      'generate-only': { type: 'boolean', default: false },
      /** The job alone on a kept database (not recorded): its rollup and scoring of one bucket. */
      'job-only': { type: 'boolean', default: false },
    },
  });
  const url = process.env.DATABASE_URL;
  const results: EngineResult[] = [];
  for (const engine of enginesToRun(values.engine, url)) {
    const lines = values.lines ? Number(values.lines) : defaultLines[engine];
    if (!Number.isInteger(lines) || lines < 50) throw new Error('--lines must be an integer ≥ 50');
    const opened: OpenedEngine & { drop?: () => Promise<void> } = values.keep
      ? await openKeptEngine(engine, url, values.keep)
      : await openEngine(engine, url, 'bench_qoe');
    const [name] = await selectRows<{ name: string }>(
      opened.database.db,
      sql`select current_database() as name`,
    );
    const record =
      lines === defaultLines[engine] &&
      !values.only &&
      !values['generate-only'] &&
      !values['job-only'];
    let dropped = false;
    try {
      const result = await benchEngine(
        engine,
        opened,
        engine === 'postgres' ? (name?.name ?? null) : null,
        lines,
        {
          only: values.only,
          generateOnly: values['generate-only'],
          jobOnly: values['job-only'],
          timedRounds: Number(values.rounds),
          record,
        },
      );
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
