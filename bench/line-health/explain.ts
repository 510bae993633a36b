import { parseArgs } from 'node:util';
import { apiPaths, bandwidthTimespanSeconds, type Timespan } from '@linesight/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { loadConfig } from '../../apps/server/src/config';
import { createUser, signedInToken } from '../../apps/server/test/test-app';
import { type EngineName, openKeptEngine, selectRows } from '../scratch';

/**
 * Why a route of the line-health bench takes the time it does: calls it once (warm) through
 * the app on a database `line-health.bench.ts --keep` filled, records every statement the call
 * sends, then runs each again under `EXPLAIN (ANALYZE, BUFFERS)` and prints the plans.
 *
 *   npx tsx bench/line-health/explain.ts --engine pglite --keep ./data/line-health \
 *     --route wanStatsSpan --line LOS-C0000003 --timespan month
 */

interface Statement {
  sql: string;
  params: unknown[];
}

/** What drizzle's sessions hold on both engines: a client (pg pool or PGlite) with `query`. */
interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface Session {
  client: RawClient;
  prepareQuery(query: Statement, ...rest: unknown[]): unknown;
}

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    keep: { type: 'string' },
    route: { type: 'string', default: 'wanStatsSpan' },
    line: { type: 'string', default: 'LOS-C0000001' },
    timespan: { type: 'string', default: 'month' },
    repeat: { type: 'string', default: '20' },
  },
});
if (!values.keep) throw new Error('--keep names the database line-health.bench.ts filled');
const engine = values.engine as EngineName;
const opened = await openKeptEngine(engine, process.env.DATABASE_URL, values.keep);
try {
  const { database } = opened;
  const [run] = await selectRows<{ now: string }>(
    database.db,
    sql`select run ->> 'now' as now from bench_line_health_run`,
  );
  if (!run) throw new Error('the kept database has no bench run');
  const now = Number(run.now);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webRoot: undefined };
  const clock = new ManualClock(now);
  const app = await buildApp({ config, database, clock, buildId: 'bench', logger: false });
  await app.ready();
  const session = {
    app,
    clock,
    database,
    config,
    databaseUrl: undefined,
    close: () => app.close(),
  };
  const email = `csr-explain-${Date.now()}@example.com`;
  await createUser(session, { email, role: 'CSR' });
  const token = await signedInToken(session, email);

  const template = apiPaths[values.route as keyof typeof apiPaths];
  let url = template.replace(/:(code|losCode)/, values.line);
  if (template.includes('/span/')) {
    const span = bandwidthTimespanSeconds[values.timespan as Timespan] * 1000;
    url += `?startTime=${now - span}&endTime=${now}`;
  }
  const call = () => app.inject({ method: 'GET', url, headers: { 'x-cah-token': token } });
  const times: number[] = [];
  for (let i = 0; i < Number(values.repeat); i++) {
    const begun = performance.now();
    await call();
    times.push(performance.now() - begun);
  }
  times.sort((a, b) => a - b);
  console.log(`${url}: median ${times[Math.floor(times.length / 2)]?.toFixed(1)} ms`);

  const dbSession = (database.db as unknown as { session: Session }).session;
  const statements: Statement[] = [];
  const prepare = dbSession.prepareQuery.bind(dbSession);
  dbSession.prepareQuery = (query, ...rest) => {
    statements.push({ sql: query.sql, params: query.params });
    return prepare(query, ...rest);
  };
  const response = await call();
  dbSession.prepareQuery = prepare;
  console.log(`status ${response.statusCode}, ${response.rawPayload.length} bytes`);
  for (const statement of statements) {
    if (/^\s*(select|with)/i.test(statement.sql) === false) {
      console.log(`\n--- not a read, not explained:\n${statement.sql.slice(0, 300)}`);
      continue;
    }
    const text = `explain (analyze, buffers) ${statement.sql}`;
    const begun = performance.now();
    await dbSession.client.query(statement.sql, statement.params);
    const alone = performance.now() - begun;
    // The last of a few runs: the first may read the catalogue and the pages into memory.
    let plan = await dbSession.client.query(text, statement.params);
    for (let run = 1; run < 3; run++) plan = await dbSession.client.query(text, statement.params);
    console.log(`\n--- ${alone.toFixed(2)} ms as sent by the client`);
    console.log(statement.sql);
    console.log(JSON.stringify(statement.params));
    for (const row of plan.rows) console.log(Object.values(row)[0]);
  }
  await app.close();
} finally {
  await opened.dispose();
}
