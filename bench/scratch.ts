import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../apps/server/src/db/client';

/**
 * What the ingest and chart benchmarks share: a throwaway database on either engine, the engine's
 * version for the record, and latency percentiles. (The search bench keeps its own copies.)
 */

export type EngineName = 'pglite' | 'postgres';

/** A PostgreSQL database made for one run beside the one at `adminUrl`, dropped afterwards. */
export interface ScratchPostgres {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function runAsAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createScratchPostgres(
  adminUrl: string,
  prefix: string,
): Promise<ScratchPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A folder under the system's temporary folder, for a PGlite data directory. */
export interface ScratchFolder {
  dir: string;
  remove(): Promise<void>;
}

export async function createScratchFolder(prefix: string): Promise<ScratchFolder> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A fresh database on an engine, and how to throw it away after the run. */
export interface OpenedEngine {
  database: Database;
  dispose(): Promise<void>;
}

/** PGlite in a temporary folder, or a scratch database beside the one at `url`. */
export async function openEngine(
  engine: EngineName,
  url: string | undefined,
  prefix: string,
): Promise<OpenedEngine> {
  if (engine === 'pglite') {
    const folder = await createScratchFolder(prefix.replaceAll('_', '-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: folder.dir });
    return {
      database,
      dispose: async () => {
        await database.close();
        await folder.remove();
      },
    };
  }
  if (!url) throw new Error('PostgreSQL needs DATABASE_URL');
  const scratch = await createScratchPostgres(url, prefix);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    database,
    dispose: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A database kept from one run to the next, so that a long generation serves several timed runs:
 * PGlite in the folder `name`, or the PostgreSQL database `name` beside the one at `url`, made
 * when missing. `dispose` closes it; `drop` also throws it away.
 */
export async function openKeptEngine(
  engine: EngineName,
  url: string | undefined,
  name: string,
): Promise<OpenedEngine & { drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const dir = path.resolve(name);
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    return {
      database,
      dispose: () => database.close(),
      drop: async () => {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  if (!url) throw new Error('PostgreSQL needs DATABASE_URL');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a plain database name`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const keptUrl = new URL(url);
  keptUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: keptUrl.toString() });
  return {
    database,
    dispose: () => database.close(),
    drop: async () => {
      await database.close();
      await runAsAdmin(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The rows a raw query answers: pg and PGlite both answer `{ rows }`, which `Db` cannot name. */
export async function selectRows<Row extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<Row[]> {
  const answer: unknown = await db.execute<Row>(query);
  return (answer as { rows: Row[] }).rows;
}

/** The engines a run covers: `--engine` if given, else PGlite, then PostgreSQL if a URL is set. */
export function enginesToRun(engine: string | undefined, url: string | undefined): EngineName[] {
  if (engine === 'pglite') return ['pglite'];
  if (engine === 'postgres') {
    if (!url) throw new Error('--engine postgres needs DATABASE_URL');
    return ['postgres'];
  }
  if (engine !== undefined) throw new Error(`unknown engine "${engine}": pglite or postgres`);
  return url ? ['pglite', 'postgres'] : ['pglite'];
}

/** "PostgreSQL 15.20", or "PGlite 0.5.16 (PostgreSQL 18.6)" from the installed package. */
export async function engineVersion(engine: EngineName, serverVersion: string): Promise<string> {
  const server = `PostgreSQL ${serverVersion}`;
  if (engine === 'postgres') return server;
  const manifestPath = path.resolve(
    import.meta.dirname,
    '../node_modules/@electric-sql/pglite/package.json',
  );
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: string };
  return `PGlite ${manifest.version} (${server})`;
}

/** What a run's record says about where it ran: engine and version, Node, cores, day. */
export interface RunFacts {
  engine: EngineName;
  engineVersion: string;
  node: string;
  cpus: number;
  date: string;
}

/** The facts of a run on `db`, the server's version read from the database itself. */
export async function runFacts(engine: EngineName, db: Db): Promise<RunFacts> {
  const [version] = await selectRows<{ server_version: string }>(db, sql`show server_version`);
  return {
    engine,
    engineVersion: await engineVersion(engine, version?.server_version ?? '?'),
    node: process.version,
    cpus: os.availableParallelism(),
    date: new Date().toISOString().slice(0, 10),
  };
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const roundTo = (value: number, digits = 1): number => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

export function summariseLatencies(ms: readonly number[]): LatencySummary {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: roundTo(percentile(sorted, 50)),
    p95: roundTo(percentile(sorted, 95)),
    p99: roundTo(percentile(sorted, 99)),
    max: roundTo(sorted.at(-1) ?? Number.NaN),
  };
}

/** The one-minute load average: other work on the machine slows every figure. */
export const loadAverage = (): number => roundTo(os.loadavg()[0] ?? 0, 2);

/**
 * A fresh database for a server started in a child process: a PGlite folder or a scratch
 * PostgreSQL database (`name`), as the environment the server reads, and how to throw it away.
 */
export async function freshServerDatabase(
  engine: EngineName,
  url: string | undefined,
  prefix: string,
): Promise<{ environment: Record<string, string>; name?: string; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const folder = await createScratchFolder(`linesight-${prefix}-bench`);
    return { environment: { DATA_DIR: folder.dir }, dispose: () => folder.remove() };
  }
  if (!url) throw new Error('PostgreSQL needs DATABASE_URL');
  const scratch = await createScratchPostgres(url, `linesight_${prefix}_bench`);
  return {
    environment: { DATABASE_URL: scratch.url },
    name: scratch.name,
    dispose: () => scratch.drop(),
  };
}

/** A command-line option that must be a positive whole number. */
export function positiveInteger(value: string | undefined, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`--${name} must be a positive integer`);
  return number;
}
