import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import type { TierSeconds } from '../../apps/server/src/db/schema';
import { SeriesRepository } from '../../apps/server/src/telemetry/series.repository';
import {
  type EngineName,
  enginesToRun,
  runFacts,
  type LatencySummary,
  loadAverage,
  type OpenedEngine,
  openEngine,
  percentile,
  roundTo,
  selectRows,
  summariseLatencies,
} from '../scratch';
import { createRandom, type Random } from '../search/random';
import { type ChartDataSummary, generateChartData, linesWithMostHosts } from './generate';

/**
 * Chart reads (issue 5's target: a month's bandwidth for a line with 25 hosts, and a day's
 * CPU/RAM series, each read in under 20 ms with 1,000 gateways × 30 days stored). For each
 * engine: a fresh database, 30 days of tier data for 1,000 lines as retention keeps it
 * (generate.ts), ANALYZE and a CHECKPOINT, then the SeriesRepository calls the chart routes will
 * make, timed in this process (the routes do not exist yet, so no HTTP, access control or
 * serialisation is in the figures): the five reads in turn, 30 warm-up rounds, then 400 timed,
 * each read for a line drawn at random among the 50 with 25 hosts.
 *
 *   npx tsx bench/charts/charts.bench.ts              PGlite only
 *   DATABASE_URL=postgres://… npx tsx …               PGlite, then PostgreSQL (scratch database)
 *   … --engine postgres --lines 100                   one engine, fewer lines (not recorded)
 *   … --vacuum                                        VACUUM ANALYZE instead of ANALYZE
 */

const targetLines = 1_000;
const warmUpReads = 30;
const timedReads = 400;
const targetMs = 20;
const hour = 3_600_000;
const day = 24 * hour;

/** The chart spans read, each from the tier that draws it (series.repository.ts tierForSpan). */
const queries = [
  {
    key: 'month-bandwidth',
    label: "a month's bandwidth, 25 hosts (28800 s tier)",
    series: 'host',
    tier: 28800,
    spanMs: 30 * day,
    target: true,
  },
  {
    key: 'day-cpu-ram',
    label: "a day's CPU/RAM (900 s tier)",
    series: 'gateway',
    tier: 900,
    spanMs: day,
    target: true,
  },
  {
    key: 'week-bandwidth',
    label: "a week's bandwidth, 25 hosts (7200 s tier)",
    series: 'host',
    tier: 7200,
    spanMs: 7 * day,
    target: false,
  },
  {
    key: 'day-bandwidth',
    label: "a day's bandwidth, 25 hosts (900 s tier)",
    series: 'host',
    tier: 900,
    spanMs: day,
    target: false,
  },
  {
    key: 'hour-bandwidth',
    label: "an hour's bandwidth, 25 hosts (60 s tier)",
    series: 'host',
    tier: 60,
    spanMs: hour,
    target: false,
  },
] as const satisfies readonly {
  key: string;
  label: string;
  series: 'host' | 'gateway';
  tier: TierSeconds;
  spanMs: number;
  target: boolean;
}[];
type Query = (typeof queries)[number];

interface QueryResult extends LatencySummary {
  query: Query['key'];
  label: string;
  /** Points (rows) a read answers: median over the timed reads. */
  medianRows: number;
  /** Whether the target covers it, and whether its p95 is under 20 ms. */
  target: boolean;
  met: boolean | null;
}

interface EngineResult {
  engine: EngineName;
  engineVersion: string;
  node: string;
  cpus: number;
  date: string;
  data: ChartDataSummary;
  generationSeconds: number;
  maintenance: 'analyze' | 'vacuum analyze';
  maintenanceSeconds: number;
  /** Table and index sizes after loading, MB. */
  sizesMb: { gatewayMetrics: number; hostMetrics: number };
  loadAverage: { before: number; after: number };
  warmUpReads: number;
  timedReads: number;
  queries: QueryResult[];
}

async function tableSizesMb(database: Database): Promise<EngineResult['sizesMb']> {
  const [row] = await selectRows<{ gateway: string; host: string }>(
    database.db,
    sql`select pg_total_relation_size('gateway_metrics') as gateway,
               pg_total_relation_size('host_metrics') as host`,
  );
  const mb = (bytes: string | undefined) => Math.round(Number(bytes ?? 0) / 1024 / 1024);
  return { gatewayMetrics: mb(row?.gateway), hostMetrics: mb(row?.host) };
}

/** Reads one chart span for `lineId`; answers the points read. */
async function read(series: SeriesRepository, query: Query, lineId: string, now: number) {
  const range = { tier: query.tier, from: new Date(now - query.spanMs), to: new Date(now) };
  const points =
    query.series === 'host'
      ? await series.hostSeries(lineId, range)
      : await series.gatewaySeries(lineId, range);
  return points.length;
}

interface Timings {
  ms: number[];
  rows: number[];
}

function summariseQuery(query: Query, { ms, rows }: Timings): QueryResult {
  const summary = summariseLatencies(ms);
  return {
    query: query.key,
    label: query.label,
    ...summary,
    medianRows: percentile(
      [...rows].sort((a, b) => a - b),
      50,
    ),
    target: query.target,
    met: query.target ? summary.p95 < targetMs : null,
  };
}

/**
 * The reads in turn, one of each per round (each for a random line), so that none of them meets
 * the machine in another state than the others: `warmUpReads` rounds, then `timedReads` timed.
 */
async function timeQueries(
  series: SeriesRepository,
  lineIds: readonly string[],
  now: number,
  random: Random,
): Promise<QueryResult[]> {
  const timings: Timings[] = queries.map(() => ({ ms: [], rows: [] }));
  for (let round = 0; round < warmUpReads + timedReads; round++) {
    for (const [index, query] of queries.entries()) {
      const lineId = random.pick(lineIds);
      const started = performance.now();
      const rows = await read(series, query, lineId, now);
      const ms = performance.now() - started;
      const timing = timings[index];
      if (round < warmUpReads || !timing) continue;
      timing.ms.push(ms);
      timing.rows.push(rows);
    }
  }
  return queries.map((query, index) =>
    summariseQuery(query, timings[index] ?? { ms: [], rows: [] }),
  );
}

function progress(engine: EngineName, message: string): void {
  console.error(`[${engine}] ${message}`);
}

async function benchEngine(
  engine: EngineName,
  opened: OpenedEngine,
  lines: number,
  vacuum: boolean,
): Promise<EngineResult> {
  const { database } = opened;
  await database.migrate();
  // Whole seconds, as bucket times are.
  const now = Math.floor(Date.now() / 1000) * 1000;

  progress(engine, `generating 30 days of tier data for ${lines} lines`);
  let started = performance.now();
  const data = await generateChartData(database.db, lines, now, (message) =>
    progress(engine, message),
  );
  const generationSeconds = roundTo((performance.now() - started) / 1000);
  started = performance.now();
  await database.db.execute(vacuum ? sql`vacuum analyze` : sql`analyze`);
  // Writes the loaded pages out now, so that the reads do not race the load's write-back.
  await database.db.execute(sql`checkpoint`);
  const maintenanceSeconds = roundTo((performance.now() - started) / 1000);
  progress(
    engine,
    `stored ${data.hostMetricsRows} host and ${data.gatewayMetricsRows} gateway rows in ${generationSeconds} s`,
  );

  const series = new SeriesRepository(database.db);
  const lineIds = await linesWithMostHosts(database.db);
  const random = createRandom(20261121);
  const loadBefore = loadAverage();
  progress(engine, `timing ${queries.length} reads in turn, ${timedReads} of each`);
  const results = await timeQueries(series, lineIds, now, random);
  const loadAfter = loadAverage();
  return {
    ...(await runFacts(engine, database.db)),
    data,
    generationSeconds,
    maintenance: vacuum ? 'vacuum analyze' : 'analyze',
    maintenanceSeconds,
    sizesMb: await tableSizesMb(database),
    loadAverage: { before: loadBefore, after: loadAfter },
    warmUpReads,
    timedReads,
    queries: results,
  };
}

function markdown(results: readonly EngineResult[]): string {
  const lines = [
    '| engine | read | points | p50 ms | p95 ms | p99 ms | max ms | p95 < 20 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const result of results) {
    for (const q of result.queries) {
      const met = q.met === null ? '(no target)' : q.met ? 'yes' : 'no';
      lines.push(
        `| ${result.engineVersion} | ${q.label} | ${q.medianRows} | ${q.p50} | ${q.p95} | ${q.p99} | ${q.max} | ${met} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      lines: { type: 'string', default: String(targetLines) },
      vacuum: { type: 'boolean', default: false },
    },
  });
  const lines = Number(values.lines);
  if (!Number.isInteger(lines) || lines < 50) throw new Error('--lines must be an integer ≥ 50');
  const url = process.env.DATABASE_URL;
  const results: EngineResult[] = [];
  for (const engine of enginesToRun(values.engine, url)) {
    const opened = await openEngine(engine, url, 'linesight_charts_bench');
    try {
      const result = await benchEngine(engine, opened, lines, values.vacuum);
      if (lines === targetLines) {
        const suffix = values.vacuum ? '-vacuumed' : '';
        const file = path.join(import.meta.dirname, `results-${engine}${suffix}.json`);
        await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
      }
      results.push(result);
    } finally {
      await opened.dispose();
    }
  }
  console.log(markdown(results));
}

await main();
