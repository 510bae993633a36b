import type { Db } from './client';

/**
 * Runs `work` in one database transaction with repositories bound to it: whatever it writes
 * commits together, or nothing does when it throws. A change and its audit entry are written this
 * way. The work must reach the database only through the repositories it is handed: PGlite has
 * one connection, so a query made outside the transaction would wait for it forever.
 */
export type InTransaction<Repositories> = <T>(
  work: (repositories: Repositories) => Promise<T>,
) => Promise<T>;

export function inTransaction<Repositories>(
  db: Db,
  bind: (transaction: Db) => Repositories,
): InTransaction<Repositories> {
  return (work) => db.transaction((transaction) => work(bind(transaction)));
}
