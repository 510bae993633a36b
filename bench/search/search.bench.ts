import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPaths, totalResultsHeader } from '@linesight/contract';
import { asc, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { type Config, loadConfig } from '../../apps/server/src/config';
import { type Database, type Db, openDatabase } from '../../apps/server/src/db/client';
import { linesOfService, subscribers } from '../../apps/server/src/db/schema';
import { createUser, signedInToken, type TestApp } from '../../apps/server/test/test-app';
import { defaultSeed, generate, type GenerationSummary } from './generate';
import { createRandom, type Random } from './random';

/**
 * Search latency at 100,000 subscribers and lines (issue 4's target: p95 under 50 ms).
 * For each engine: a fresh database, the generated data, ANALYZE, then the real app answering
 * GET /api/search/v1/{query} through `app.inject`, so a figure includes access control,
 * validation, the query and serialisation, but no network.
 *
 *   npx tsx bench/search/search.bench.ts            PGlite only
 *   DATABASE_URL=postgres://… npx tsx …             PGlite, then PostgreSQL in a scratch database
 *   … --engine postgres --count 10000               one engine, or fewer rows (not recorded)
 *   … --vacuum                                       VACUUM ANALYZE instead of ANALYZE
 */

/** The issue's data size: only runs at this size write their results-<engine>.json. */
const targetDataSize = 100_000;
const warmUpSearches = 30;
const measuredSearches = 400;
const targetP95Ms = 50;
/** The search screen's page size, and the API's default. */
const pageSize = 25;

type EngineName = 'pglite' | 'postgres';

interface OpenedEngine {
  database: Database;
  dispose(): Promise<void>;
}

/** What the generated data offers to search for: the terms are drawn from it. */
interface Corpus {
  subscribers: { name: string; subscriberCode: string }[];
  lineOfServiceCodes: string[];
  reportedLines: { deviceType: string; deviceIdentifier: string; deviceMac: string }[];
}

/** The kinds of term a CSR types, with their share of searches and how one is drawn. */
const queryMix = [
  {
    kind: 'family name',
    share: 0.3,
    draw: (corpus: Corpus, random: Random) =>
      random.pick(corpus.subscribers).name.split(' ').at(-1) ?? '',
  },
  {
    kind: 'subscriber code part (5-7)',
    share: 0.2,
    draw: (corpus: Corpus, random: Random) =>
      codeDigits(random.pick(corpus.subscribers).subscriberCode, random),
  },
  {
    kind: 'line code part (5-7)',
    share: 0.15,
    draw: (corpus: Corpus, random: Random) =>
      codeDigits(random.pick(corpus.lineOfServiceCodes), random),
  },
  {
    kind: 'device identifier part (4-6 hex)',
    share: 0.15,
    draw: (corpus: Corpus, random: Random) => {
      const digits = random.pick(corpus.reportedLines).deviceIdentifier.replace(/^CPE-/, '');
      return fragment(digits, random.between(4, 6), random);
    },
  },
  {
    kind: 'device type',
    share: 0.1,
    draw: (corpus: Corpus, random: Random) => random.pick(corpus.reportedLines).deviceType,
  },
  {
    kind: 'MAC fragment (2-3 octets)',
    share: 0.05,
    draw: (corpus: Corpus, random: Random) => {
      const octets = random.pick(corpus.reportedLines).deviceMac.split(':');
      const length = random.between(2, 3);
      const start = random.integer(octets.length - length + 1);
      return octets.slice(start, start + length).join(':');
    },
  },
  {
    // Trigrams need three characters, so no index can serve this: the worst case.
    kind: '2 characters',
    share: 0.05,
    draw: (corpus: Corpus, random: Random) =>
      fragment(random.pick(corpus.subscribers).name.replace(' ', ''), 2, random).toLowerCase(),
  },
] as const;

type QueryKind = (typeof queryMix)[number]['kind'];

interface Query {
  kind: QueryKind;
  term: string;
}

interface Timing extends Query {
  ms: number;
  /** The X-Total-Results answer: how many rows matched. */
  matches: number;
}

interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Median of the matches per search: how much work a kind of term asks for. */
  medianMatches: number;
}

interface BenchOptions {
  dataSize: number;
  /** VACUUM ANALYZE after loading rather than ANALYZE alone (see `maintain`). */
  vacuum: boolean;
}

interface EngineResult {
  engine: EngineName;
  engineVersion: string;
  node: string;
  cpus: number;
  /**
   * One-minute load averages before and after the timed searches: other work on the machine
   * slows every figure, so a run is only comparable with one made under a similar load.
   */
  loadAverage: { before: number; after: number };
  date: string;
  data: GenerationSummary;
  generationSeconds: number;
  maintenance: 'analyze' | 'vacuum analyze';
  maintenanceSeconds: number;
  pageSize: number;
  overall: LatencySummary;
  byKind: Record<string, LatencySummary>;
  slowest: Timing[];
}

/** A digit run of 5 to 7 from a code's number, as a CSR types part of SUB-0012345. */
function codeDigits(code: string, random: Random): string {
  return fragment(code.replace(/^[A-Z]+-/, ''), random.between(5, 7), random);
}

function fragment(text: string, length: number, random: Random): string {
  const start = random.integer(Math.max(1, text.length - length + 1));
  return text.slice(start, start + length);
}

async function loadCorpus(db: Db): Promise<Corpus> {
  // Ordered, so the same seed draws the same terms whatever order the engine returns rows in.
  const subscriberRows = await db
    .select({ name: subscribers.name, subscriberCode: subscribers.subscriberCode })
    .from(subscribers)
    .orderBy(asc(subscribers.subscriberCode));
  const lineRows = await db
    .select({ lineOfServiceCode: linesOfService.lineOfServiceCode })
    .from(linesOfService)
    .orderBy(asc(linesOfService.lineOfServiceCode));
  const reportedLines = await db
    .select({
      deviceType: linesOfService.deviceType,
      deviceIdentifier: linesOfService.deviceIdentifier,
      deviceMac: linesOfService.deviceMac,
    })
    .from(linesOfService)
    .where(isNotNull(linesOfService.deviceIdentifier))
    .orderBy(asc(linesOfService.lineOfServiceCode));
  return {
    subscribers: subscriberRows,
    lineOfServiceCodes: lineRows.map((row) => row.lineOfServiceCode),
    reportedLines: reportedLines.map((row) => ({
      deviceType: row.deviceType ?? '',
      deviceIdentifier: row.deviceIdentifier ?? '',
      deviceMac: row.deviceMac ?? '',
    })),
  };
}

/**
 * `count` queries in the mix's proportions, exactly where they divide evenly (400 does), the
 * remainder by chance, in shuffled order so no kind runs while a cache is colder than for another.
 */
function drawQueries(corpus: Corpus, count: number, random: Random): Query[] {
  const kinds: (typeof queryMix)[number][] = queryMix.flatMap((entry) =>
    Array.from({ length: Math.floor(entry.share * count) }, () => entry),
  );
  while (kinds.length < count) {
    let roll = random.next();
    kinds.push(queryMix.find((entry) => (roll -= entry.share) < 0) ?? queryMix[0]);
  }
  return random
    .shuffle(kinds)
    .map((entry) => ({ kind: entry.kind, term: entry.draw(corpus, random) }));
}

async function search(app: FastifyInstance, token: string, query: Query): Promise<Timing> {
  const url = `${apiPaths.search.replace(':query', encodeURIComponent(query.term))}?pageSize=${pageSize}`;
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: { 'x-cah-token': token } });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) {
    throw new Error(`search for "${query.term}" answered ${response.statusCode}: ${response.body}`);
  }
  return { ...query, ms, matches: Number(response.headers[totalResultsHeader]) };
}

/** Nearest-rank percentile of ascending `sorted`. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(timings: readonly Timing[]): LatencySummary {
  const ms = timings.map((timing) => timing.ms).sort((a, b) => a - b);
  const matches = timings.map((timing) => timing.matches).sort((a, b) => a - b);
  const round = (value: number): number => Math.round(value * 10) / 10;
  return {
    count: ms.length,
    p50: round(percentile(ms, 50)),
    p95: round(percentile(ms, 95)),
    p99: round(percentile(ms, 99)),
    max: round(ms.at(-1) ?? Number.NaN),
    medianMatches: percentile(matches, 50),
  };
}

async function openPglite(): Promise<OpenedEngine> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linesight-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  return {
    database,
    dispose: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A scratch database beside the one at `url`, dropped afterwards, as test-app.ts does. */
async function openPostgres(url: string): Promise<OpenedEngine> {
  const name = `linesight_bench_${randomBytes(6).toString('hex')}`;
  const runAsAdmin = async (statement: string): Promise<void> => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await runAsAdmin(`create database ${name}`);
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: benchUrl.toString() });
  return {
    database,
    dispose: async () => {
      await database.close();
      await runAsAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

async function engineVersion(engine: EngineName, db: Db): Promise<string> {
  // The shared Db type cannot name the driver's result shape; pg and PGlite both answer { rows }.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const answer = (await db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  const server = `PostgreSQL ${answer.rows[0]?.server_version ?? '?'}`;
  if (engine === 'postgres') return server;
  const manifestPath = path.resolve(
    import.meta.dirname,
    '../../node_modules/@electric-sql/pglite/package.json',
  );
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: string };
  return `PGlite ${manifest.version} (${server})`;
}

function progress(engine: EngineName, message: string): void {
  console.error(`[${engine}] ${message}`);
}

/**
 * Fresh rows have no statistics: without ANALYZE the planner guesses, as it would not in service.
 * ANALYZE leaves what a bulk load leaves behind (dead rows, any GIN pending list) for every search
 * to read through; only VACUUM (or autovacuum, which PGlite does not run) clears it, so `vacuum`
 * shows what clearing it is worth.
 */
async function maintain(db: Db, vacuum: boolean): Promise<void> {
  await db.execute(vacuum ? sql`vacuum analyze` : sql`analyze`);
}

async function benchEngine(
  engine: EngineName,
  opened: OpenedEngine,
  { dataSize, vacuum }: BenchOptions,
): Promise<EngineResult> {
  const { database } = opened;
  await database.migrate();

  progress(engine, `generating ${dataSize} subscribers and lines of service`);
  let started = performance.now();
  const data = await generate(database.db, dataSize);
  const generationSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await maintain(database.db, vacuum);
  const maintenanceSeconds = (performance.now() - started) / 1000;
  progress(engine, `generated in ${generationSeconds.toFixed(1)} s`);

  const corpus = await loadCorpus(database.db);
  const random = createRandom(defaultSeed);
  const warmUp = drawQueries(corpus, warmUpSearches, random);
  const measured = drawQueries(corpus, measuredSearches, random);

  const config: Config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };
  const clock = new ManualClock();
  const app = await buildApp({ config, database, clock, buildId: 'bench', logger: false });
  await app.ready();
  try {
    const session: TestApp = {
      app,
      clock,
      database,
      config,
      databaseUrl: undefined,
      close: () => app.close(),
    };
    await createUser(session, { email: 'csr@example.com', role: 'CSR' });
    const token = await signedInToken(session, 'csr@example.com');

    for (const query of warmUp) await search(app, token, query);
    progress(engine, `timing ${measured.length} searches`);
    const loadBefore = os.loadavg()[0] ?? 0;
    const timings: Timing[] = [];
    for (const query of measured) timings.push(await search(app, token, query));
    const loadAfter = os.loadavg()[0] ?? 0;

    const byKind: Record<string, LatencySummary> = {};
    for (const { kind } of queryMix) {
      byKind[kind] = summarise(timings.filter((timing) => timing.kind === kind));
    }
    return {
      engine,
      engineVersion: await engineVersion(engine, database.db),
      node: process.version,
      cpus: os.availableParallelism(),
      loadAverage: { before: loadBefore, after: loadAfter },
      date: new Date().toISOString().slice(0, 10),
      data,
      generationSeconds: Math.round(generationSeconds * 10) / 10,
      maintenance: vacuum ? 'vacuum analyze' : 'analyze',
      maintenanceSeconds: Math.round(maintenanceSeconds * 10) / 10,
      pageSize,
      overall: summarise(timings),
      byKind,
      slowest: [...timings]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 10)
        .map((timing) => ({ ...timing, ms: Math.round(timing.ms * 10) / 10 })),
    };
  } finally {
    await app.close();
  }
}

function markdown(results: readonly EngineResult[]): string {
  const ms = (value: number): string => value.toFixed(1);
  const lines = [
    '| engine | after load | searches | p50 ms | p95 ms | p99 ms | max ms | generation s | p95 < 50 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      ({ engineVersion, maintenance, overall, generationSeconds }) =>
        `| ${engineVersion} | ${maintenance} | ${overall.count} | ${ms(overall.p50)} | ${ms(overall.p95)} | ${ms(overall.p99)} | ${ms(overall.max)} | ${generationSeconds.toFixed(1)} | ${overall.p95 < targetP95Ms ? 'yes' : 'no'} |`,
    ),
    '',
    `| query kind | share | median matches | ${results.map((r) => `${r.engine} p50 / p95 / max ms`).join(' | ')} |`,
    `| --- | --- | --- | ${results.map(() => '---').join(' | ')} |`,
    ...queryMix.map(({ kind, share }) => {
      const cells = results.map((result) => {
        const summary = result.byKind[kind];
        return summary ? `${ms(summary.p50)} / ${ms(summary.p95)} / ${ms(summary.max)}` : '';
      });
      const matches = results[0]?.byKind[kind]?.medianMatches ?? '';
      return `| ${kind} | ${share * 100}% | ${matches} | ${cells.join(' | ')} |`;
    }),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      count: { type: 'string', default: String(targetDataSize) },
      vacuum: { type: 'boolean', default: false },
    },
  });
  const dataSize = Number(values.count);
  if (!Number.isInteger(dataSize) || dataSize < 1) {
    throw new Error('--count must be a positive integer');
  }
  const url = process.env.DATABASE_URL;
  const engines: EngineName[] = values.engine
    ? [values.engine as EngineName]
    : url
      ? ['pglite', 'postgres']
      : ['pglite'];

  const results: EngineResult[] = [];
  for (const engine of engines) {
    let opened: OpenedEngine;
    if (engine === 'pglite') opened = await openPglite();
    else if (engine === 'postgres' && url) opened = await openPostgres(url);
    else throw new Error(`unknown engine "${engine}", or DATABASE_URL is not set`);
    try {
      const result = await benchEngine(engine, opened, { dataSize, vacuum: values.vacuum });
      if (dataSize === targetDataSize) {
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
