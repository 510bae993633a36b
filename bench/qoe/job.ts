import type { FastifyInstance } from 'fastify';
import type { ManualClock } from '../../apps/server/src/clock';
import type { Database } from '../../apps/server/src/db/client';
import { TelemetryRepository } from '../../apps/server/src/telemetry/telemetry.repository';
import { type BucketRange, countRows, newestBuckets, openBucketTier, qoeFleet } from './generate';

/**
 * The real rollup and scoring job, as the bench drives them: `scoreBucket` stores the 60 s tier
 * of the bucket open at the clock's time, moves the clock past its close and runs the rollup
 * (TelemetryRepository.rollUp, as the server's minute job does) and then the scoring, each
 * measured; `scoreHistory` has the job score stored buckets of the 900 s tier.
 */

export interface Harness {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  /** The PostgreSQL database's name, whose backends' CPU is read from /proc; null on PGlite. */
  databaseName: string | null;
  token: string;
}

export interface Cost {
  wallMs: number;
  /** The bench process's CPU (user + system), ms. */
  processCpuMs: number;
  /** The PostgreSQL backends of the bench database (Linux /proc), ms; null on PGlite. */
  databaseCpuMs: number | null;
}

export interface JobRun {
  bucket: string;
  /** Lines whose bucket was built and scored. */
  lines: number;
  rollup: Cost;
  scoring: Cost | null;
}

type Measure = <T>(harness: Harness, work: () => Promise<T>) => Promise<{ value: T; cost: Cost }>;

/** Past a bucket's close by the rollup's grace (60 s) and a little. */
const afterClose = 900_000 + 90_000;

export async function scoreBucket(harness: Harness, measure: Measure): Promise<JobRun> {
  const { database, clock } = harness;
  const lines = await countRows(database.db, 'lines_of_service');
  const { bucket } = await openBucketTier(database.db, qoeFleet(lines), clock.now().getTime());
  clock.advance(bucket + afterClose - clock.now().getTime());
  const telemetry = new TelemetryRepository(database.db);
  const rollup = await measure(harness, () => telemetry.rollUp(clock.now()));
  // TODO(issue 15 server): the scoring job of work/qoe-server, once merged.
  return {
    bucket: new Date(bucket).toISOString(),
    lines: rollup.value.built[900] ?? 0,
    rollup: rollup.cost,
    scoring: null,
  };
}

/** Has the real job score the 900 s buckets of `range` (oldest first). */
export async function scoreHistory(
  _harness: Harness,
  _range: BucketRange,
  _progress: (message: string) => void,
): Promise<void> {
  // TODO(issue 15 server): the scoring job of work/qoe-server, once merged.
}

export { newestBuckets };
