import { migratedTemplate } from './pglite-template';

/**
 * Makes the migrated PGlite dump once, before the test files start, rather than in each of the
 * first files at once (pglite-template.ts). PostgreSQL runs (DATABASE_URL) do not use it.
 */
export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) await migratedTemplate();
}
