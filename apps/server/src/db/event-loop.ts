import type { DatabaseKind } from './client';

/**
 * Giving the event loop back during long work, so that other requests (a health check, the
 * portal, other gateways) are not held behind it. `setImmediate`, not a resolved promise:
 * promises run before any I/O does, and PGlite answers through promises alone.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How long work in memory runs before it gives the event loop back. */
const sliceMs = 10;

/**
 * Long work in memory (a large body's reports, one after the other) calls `yieldIfDue` between
 * its steps: every `sliceMs` it waits a turn of the event loop.
 */
export class TimeSlice {
  private startedAt = performance.now();

  async yieldIfDue(): Promise<void> {
    if (performance.now() - this.startedAt < sliceMs) return;
    await nextTurn();
    this.startedAt = performance.now();
  }
}

/** Rows one statement binds at most: tier and state rows, and report keys. */
export interface StatementSizes {
  rows: number;
  keys: number;
}

/**
 * A statement's rows are made JSON on the event loop, and on PGlite the statement runs there
 * too: some 20–50 µs a tier row on two loaded cores, 100 µs a report key (its foreign and
 * primary key are checked). So on PGlite more rows go in several statements, with a turn
 * between them. PostgreSQL runs a statement in its own process, where more statements would
 * only cost round trips (a 1,440-report body took 0.7 s instead of 0.1 s in slices of 200):
 * there a slice bounds only the JSON built at once, about 2 µs a row. Decision 010.
 */
export const statementSizes: Record<DatabaseKind, StatementSizes> = {
  pglite: { rows: 500, keys: 200 },
  postgres: { rows: 10_000, keys: 10_000 },
};

/** `rows` in the slices of at most `most` that one statement each takes. */
export function statementChunks<Row>(rows: readonly Row[], most: number): Row[][] {
  const chunks: Row[][] = [];
  for (let from = 0; from < rows.length; from += most) chunks.push(rows.slice(from, from + most));
  return chunks;
}
