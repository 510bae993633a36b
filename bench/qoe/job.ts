import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ManualClock } from '../../apps/server/src/clock';
import type { Database, Db } from '../../apps/server/src/db/client';
import {
  fleetFigures,
  reportLines,
  scoreBatch,
  scoreDays,
  scoreIntervals,
} from '../../apps/server/src/telemetry/qoe-scoring';
import { TelemetryRepository } from '../../apps/server/src/telemetry/telemetry.repository';
import { lineCode } from '../charts/generate';
import { selectRows } from '../scratch';
import { type BucketRange, countRows, openBucketTier, qoeFleet } from './generate';

/**
 * The real rollup and scoring job (apps/server/src/telemetry/qoe-scoring.ts, run by
 * TelemetryRepository.rollUp inside its transactions), as the bench drives it:
 *
 * - `scoreBucket` stores the 60 s tier of the bucket open at the clock's time (three reports per
 *   line), moves the clock past its close and runs `rollUp` as the server's minute job does: it
 *   builds the 900 s bucket of every line and scores it in the same batches of 500, then adds up
 *   the fleet's figures. Measured whole (wall, the bench process's CPU, the database backends'
 *   CPU), then the scoring alone: `scoreBatch` again over the same 500-line batches in
 *   transactions and `fleetFigures` of the bucket (an upsert of the same rows: the same work).
 * - `scoreHistory` has the job's own statements score stored history: `scoreIntervals` and
 *   `scoreDays` over a day of buckets for 1,000 lines at a time, `fleetFigures` per day, and
 *   `reportLines` for every line at the end. The rollup would have scored each bucket as it was
 *   built, in batches of 500; the rows are the same, in far fewer statements (768 buckets ×
 *   10,000 lines bucket by bucket would take hours here).
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
  /** The bench process's CPU (user + system), ms: on PGlite, the database's too. */
  processCpuMs: number;
  /** The PostgreSQL backends of the bench database (Linux /proc), ms; null on PGlite. */
  databaseCpuMs: number | null;
}

export interface JobRun {
  bucket: string;
  /** Buckets the rollup built, by tier (900: one per line). */
  built: Record<number, number>;
  /** `rollUp` as the server runs it: the 900 s buckets built and scored, the fleet's figures. */
  rollupAndScoring: Cost;
  /** The scoring alone, run again on the same bucket. */
  scoring: Cost;
}

type Measure = <T>(harness: Harness, work: () => Promise<T>) => Promise<{ value: T; cost: Cost }>;

/** Past a bucket's close by the rollup's grace (60 s) and a little. */
const afterClose = 900_000 + 90_000;
/** The rollup's batch (telemetry.repository.ts `rollupBatch`). */
const rollupBatch = 500;

/**
 * The from-item `t(line_id, bucket)` of lines `from`…`to` and the 900 s buckets of `range`, in
 * the rollup's own form: the pairs as one JSON value read by `json_to_recordset`
 * (telemetry.repository.ts `rollUp`). A subquery over `lines_of_service` and `generate_series`
 * gave the planner other estimates, and other plans: the scoring statements over it took seven
 * times the database CPU the rollup's did on the same bucket.
 */
async function targetOf(db: Db, from: number, to: number, range: BucketRange): Promise<SQL> {
  const pairs = await selectRows<{ line_id: string; bucket: string }>(
    db,
    sql`select l.id as line_id, b as bucket
          from lines_of_service l
         cross join generate_series(${range.first}::timestamptz, ${range.last}::timestamptz,
                                    interval '900 seconds') b
         where l.line_of_service_code between ${lineCode(from)} and ${lineCode(to)}`,
  );
  const json = JSON.stringify(pairs);
  return sql`json_to_recordset(${json}::json) as t(line_id uuid, bucket timestamptz)`;
}

export async function scoreBucket(harness: Harness, measure: Measure): Promise<JobRun> {
  const { database, clock } = harness;
  const lines = await countRows(database.db, 'lines_of_service');
  const { bucket } = await openBucketTier(database.db, qoeFleet(lines), clock.now().getTime());
  clock.advance(bucket + afterClose - clock.now().getTime());
  const telemetry = new TelemetryRepository(database.db);
  const rollup = await measure(harness, () => telemetry.rollUp(clock.now()));

  const at = new Date(bucket).toISOString();
  const range = { first: at, last: at };
  const targets: SQL[] = [];
  for (let from = 1; from <= lines; from += rollupBatch) {
    targets.push(await targetOf(database.db, from, Math.min(lines, from + rollupBatch - 1), range));
  }
  const scoring = await measure(harness, async () => {
    for (const target of targets) {
      await database.db.transaction((tx) => scoreBatch(tx, target));
    }
    await database.db.execute(fleetFigures([new Date(bucket)]));
  });
  return {
    bucket: at,
    built: rollup.value.built,
    rollupAndScoring: rollup.cost,
    scoring: scoring.cost,
  };
}

/** Lines per statement when scoring history: 1,000 lines × 96 buckets. */
const historyLines = 1_000;

/** Has the job's statements score the 900 s buckets of `range`, a day at a time. */
export async function scoreHistory(
  harness: Harness,
  range: BucketRange,
  progress: (message: string) => void,
): Promise<void> {
  const { database } = harness;
  const lines = await countRows(database.db, 'lines_of_service');
  const last = new Date(range.last).getTime();
  for (let first = new Date(range.first).getTime(); first <= last; first += 96 * 900_000) {
    const day = {
      first: new Date(first).toISOString(),
      last: new Date(Math.min(last, first + 95 * 900_000)).toISOString(),
    };
    for (let from = 1; from <= lines; from += historyLines) {
      const target = await targetOf(
        database.db,
        from,
        Math.min(lines, from + historyLines - 1),
        day,
      );
      await database.db.transaction(async (tx) => {
        await tx.execute(scoreIntervals(target));
        await tx.execute(scoreDays(target));
      });
    }
    const buckets = await selectRows<{ bucket: string }>(
      database.db,
      sql`select b::text as bucket from generate_series(${day.first}::timestamptz,
            ${day.last}::timestamptz, interval '900 seconds') b`,
    );
    await database.db.execute(fleetFigures(buckets.map((row) => new Date(row.bucket))));
    progress(`scored ${day.first} to ${day.last}`);
  }
  // Each line's report row: its newest scored bucket's 24 hours and 30 days of reboots.
  const newest = { first: range.last, last: range.last };
  for (let from = 1; from <= lines; from += historyLines) {
    await database.db.execute(
      reportLines(
        await targetOf(database.db, from, Math.min(lines, from + historyLines - 1), newest),
      ),
    );
  }
}
