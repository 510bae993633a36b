import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** One query surface for both engines: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Housekeeping PostgreSQL's autovacuum does by itself. PGlite is a single-user PostgreSQL
   * with no autovacuum, so rows that upserts replace (host state, search entries) would pile up.
   */
  maintain(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * `template`, for a PGlite database, is a dump (`dumpDataDir`) it starts from when its folder
 * holds none yet, instead of creating a cluster: creating one (initdb) costs seconds, which every
 * test file paid (apps/server/test/pglite-template.ts keeps a migrated one).
 */
export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string; template?: Blob }
  | { kind: 'pglite'; inMemory: true; template?: Blob };

export interface DatabaseOptions {
  /** An idle pooled connection failed (the server restarted, say); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openDatabase(
  location: DatabaseLocation,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: 10,
      // A chart or totals read unions a line's stretches of two or three tiers; a parallel append
      // of them starts workers that cost more than the whole read (migration 0020 says why).
      options: '-c enable_parallel_append=off',
    });
    // Without a listener, pg rethrows an idle connection's error and the process dies.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = drizzlePostgres({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      ping: () => pingWith(db),
      maintain: async () => undefined,
      close: () => pool.end(),
    };
  }
  // pg_trgm serves substring search; PostgreSQL ships it in contrib.
  const extensions = { pg_trgm };
  const pgliteOptions = location.template
    ? { extensions, loadDataDir: location.template }
    : { extensions };
  let client: PGlite;
  if ('dataDir' in location) {
    const folder = path.join(location.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    client = await PGlite.create(folder, pgliteOptions);
  } else {
    client = await PGlite.create(pgliteOptions);
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => pingWith(db),
    maintain: async () => {
      await client.exec('VACUUM (ANALYZE)');
    },
    close: () => client.close(),
  };
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
