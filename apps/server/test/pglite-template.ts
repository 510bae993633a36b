/**
 * A migrated, empty PGlite database as a dump, for tests and the end-to-end servers to start
 * from (`openDatabase({ ..., template })`) instead of creating a cluster and migrating it each
 * time: PGlite's initdb alone takes seconds of CPU, and the server tests open dozens of fresh
 * databases. Starting from the dump gives the same database: it is made by the same migrations
 * on the same PGlite, and is keyed by both, so a changed migration or PGlite makes a new one.
 *
 * The dump is kept in node_modules/.cache/linesight/ (about 40 MB, uncompressed: loading is
 * what is repeated), written once by whichever process needs it first, so `npm test`'s Vitest
 * run leaves it ready for the end-to-end servers.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const cacheDir = path.join(repositoryRoot, 'node_modules', '.cache', 'linesight');
const migrationsFolder = path.resolve(import.meta.dirname, '../src/db/migrations');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    })
    .sort();
}

/** What the dump depends on: every migration file and the PGlite release. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglitePackage = path.join(path.dirname(pgliteEntry), '..', 'package.json');
  hash.update(readFileSync(pglitePackage));
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  const database = await openDatabase({ kind: 'pglite', inMemory: true });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
  } finally {
    await database.close();
  }
}

let template: Promise<Blob> | undefined;

/** The migrated database's dump, made (and stored for later runs) on first use. */
export function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(cacheDir, `pglite-migrated-${templateKey()}.tar`);
    // Read whole, not as a file-backed Blob: a parallel build may rename its file over this one.
    if (existsSync(file)) return new Blob([new Uint8Array(readFileSync(file))]);
    const dump = await buildTemplate();
    mkdirSync(cacheDir, { recursive: true });
    // Parallel test processes may build it at once: each writes its own file, then renames.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
    return new Blob([dump]);
  })();
  return template;
}
