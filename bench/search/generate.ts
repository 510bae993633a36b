import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { count as countRows } from 'drizzle-orm';
import { type Db, type DatabaseLocation, openDatabase } from '../../apps/server/src/db/client';
import { linesOfService, subscribers } from '../../apps/server/src/db/schema';
import { firstNames, lastNames } from './names';
import { createRandom, type Random } from './random';

type SubscriberRow = typeof subscribers.$inferInsert & { id: string };
type LineOfServiceRow = typeof linesOfService.$inferInsert;

/**
 * Rows per INSERT. 2,000 lines of 13 columns are 26,000 bound parameters, well under the
 * protocol's 65,535, and large enough that round trips no longer dominate.
 */
const batchSize = 2_000;

/** The default seed: the date of the first run, so "the bench data" means one fixed set. */
export const defaultSeed = 20261121;

/** Every generated row is dated before this, so reruns store identical timestamps. */
const generatedAt = Date.UTC(2026, 10, 1);
const threeYearsMs = 3 * 365 * 24 * 3600 * 1000;

/**
 * Gateway models in the fleet and their share of the lines that have reported. wanType codes
 * fall in the ranges of packages/contract/src/wan-type.ts: DSL 32–57, DOCSIS 64–73, fibre other.
 */
const deviceModels = [
  { deviceType: 'SR400', share: 0.35, wanType: 40 },
  { deviceType: 'XG6846', share: 0.25, wanType: 36 },
  { deviceType: 'DOCSIS-3.1-CM', share: 0.25, wanType: 70 },
  { deviceType: 'ONT-G240', share: 0.15, wanType: 1 },
] as const;

/** Share of lines whose gateway has reported a type, identifier and MAC. */
const reportedShare = 0.8;

export interface GenerationSummary {
  subscribers: number;
  linesOfService: number;
  /** Lines associated with a subscriber. */
  associatedLines: number;
  /** Subscribers with two lines. */
  subscribersWithTwoLines: number;
  /** Lines whose gateway has reported. */
  reportedLines: number;
}

/**
 * Stores `count` subscribers and `count` lines of service into an empty, migrated database:
 * 90% of lines one-to-one with a subscriber, 5% the second line of a subscriber, 5% unassociated
 * (so 10% of subscribers have no line), and 80% of lines reported by their gateway.
 * The same seed always stores the same rows, ids included.
 */
export async function generate(
  db: Db,
  count: number,
  seed: number = defaultSeed,
): Promise<GenerationSummary> {
  // One stream per table, so changing how lines are made leaves the subscribers as they were.
  const subscriberRows = buildSubscribers(count, createRandom(seed));
  const lineRows = buildLinesOfService(
    count,
    subscriberRows.map((row) => row.id),
    createRandom(seed + 1),
  );
  // PGlite has one connection, so batches go one after another on both engines.
  for (const batch of batches(subscriberRows)) await db.insert(subscribers).values(batch);
  for (const batch of batches(lineRows)) await db.insert(linesOfService).values(batch);

  const owners = lineRows.flatMap((row) => (row.subscriberId ? [row.subscriberId] : []));
  return {
    subscribers: subscriberRows.length,
    linesOfService: lineRows.length,
    associatedLines: owners.length,
    subscribersWithTwoLines: owners.length - new Set(owners).size,
    reportedLines: lineRows.filter((row) => row.deviceType).length,
  };
}

function buildSubscribers(count: number, random: Random): SubscriberRow[] {
  return Array.from({ length: count }, (_, index) => {
    const createdAt = pastDate(random);
    return {
      id: uuid(random),
      subscriberCode: `SUB-${sequenceNumber(index)}`,
      name: `${random.pick(firstNames)} ${random.pick(lastNames)}`,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

function buildLinesOfService(
  count: number,
  subscriberIds: readonly string[],
  random: Random,
): LineOfServiceRow[] {
  const firstLines = Math.round(count * 0.9);
  const secondLines = Math.round(count * 0.05);
  // Which subscribers have a line (and which of those a second) is shuffled, and so is which
  // line code goes to whom, so neither code order nor name order lines up with association.
  const owners = random.shuffle([...subscriberIds]);
  const assignments: (string | null)[] = Array.from({ length: count }, (_, index) => {
    if (index < firstLines) return owners[index] ?? null;
    if (index < firstLines + secondLines) return owners[index - firstLines] ?? null;
    return null;
  });
  random.shuffle(assignments);

  return assignments.map((subscriberId, index) => {
    const createdAt = pastDate(random);
    const row: LineOfServiceRow = {
      lineOfServiceCode: `LOS-${sequenceNumber(index)}`,
      subscriberId,
      // Provisioning issues 16 random bytes in hex (devices.service.ts).
      reportingToken: random.hex(32),
      createdAt,
      updatedAt: createdAt,
    };
    if (random.next() >= reportedShare) return row;
    const model = pickModel(random);
    const firstReportedAt = new Date(
      createdAt.getTime() + random.integer(generatedAt - createdAt.getTime()),
    );
    return {
      ...row,
      deviceType: model.deviceType,
      deviceIdentifier: `CPE-${random.hex(8).toUpperCase()}`,
      // Random throughout: a shared vendor prefix would make any 4-digit fragment of it match a
      // third of the fleet, and the bench would measure that prefix rather than search.
      deviceMac: Array.from({ length: 6 }, () => random.hex(2)).join(':'),
      wanType: model.wanType,
      firstReportedAt,
      lastReportedAt: new Date(generatedAt),
      updatedAt: new Date(generatedAt),
    };
  });
}

function pickModel(random: Random): (typeof deviceModels)[number] {
  let roll = random.next();
  for (const model of deviceModels) {
    roll -= model.share;
    if (roll < 0) return model;
  }
  return deviceModels[deviceModels.length - 1] as (typeof deviceModels)[number];
}

/** `1` → `0000001`: seven digits, as in the provider's SUB- and LOS- codes. */
function sequenceNumber(index: number): string {
  return String(index + 1).padStart(7, '0');
}

function pastDate(random: Random): Date {
  return new Date(generatedAt - random.integer(threeYearsMs));
}

/** A version-4 UUID from the seeded stream, so ids, too, are the same on every run. */
function uuid(random: Random): string {
  const hex = random.hex(32);
  const variant = (8 + random.integer(4)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += batchSize) {
    yield rows.slice(start, start + batchSize);
  }
}

/**
 * Standalone: `npx tsx bench/search/generate.ts [--count 100000] [--seed n] [--pglite <folder>]`
 * migrates and fills the PGlite data folder given, or else the PostgreSQL database at
 * DATABASE_URL, which must not hold subscribers yet.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      seed: { type: 'string', default: String(defaultSeed) },
      pglite: { type: 'string' },
    },
  });
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const url = process.env.DATABASE_URL;
  let location: DatabaseLocation;
  if (values.pglite) location = { kind: 'pglite', dataDir: values.pglite };
  else if (url) location = { kind: 'postgres', url };
  else throw new Error('give --pglite <folder> or set DATABASE_URL');

  const database = await openDatabase(location);
  try {
    await database.migrate();
    const [existing] = await database.db.select({ rows: countRows() }).from(subscribers);
    if (existing && existing.rows > 0) {
      throw new Error(`the database already holds ${existing.rows} subscribers`);
    }
    const started = performance.now();
    const summary = await generate(database.db, count, seed);
    const seconds = (performance.now() - started) / 1000;
    console.log(`${JSON.stringify(summary)} in ${seconds.toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
