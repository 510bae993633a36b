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

/**
 * Rows one statement binds at most, unless said otherwise. A statement's rows are made JSON on
 * the event loop, and on PGlite the statement runs there too (some 20–50 µs a tier row on two
 * loaded cores): more rows go in several statements, with a turn between them. A group of 500
 * live reports writes some 10,000 host rows: twenty statements instead of one, each a round
 * trip more on PostgreSQL (decision 010).
 */
const rowsPerStatement = 500;

/** `rows` in the slices one statement each takes. */
export function statementChunks<Row>(rows: readonly Row[], most = rowsPerStatement): Row[][] {
  const chunks: Row[][] = [];
  for (let from = 0; from < rows.length; from += most) chunks.push(rows.slice(from, from + most));
  return chunks;
}
