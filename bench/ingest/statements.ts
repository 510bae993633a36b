import { parseArgs } from 'node:util';
import type { SQL } from 'drizzle-orm';
import { PgDatabase } from 'drizzle-orm/pg-core';
import { createTestApp } from '../../apps/server/test/test-app';
import { systemActor } from '../../apps/server/src/modules/audit/actor';
import { createGateway, nextReport, reportingIntervalSeconds } from './reports';

/**
 * Where a report's database time goes, statement by statement: the collector on an in-memory
 * PGlite (or DATABASE_URL), no HTTP, `--gateways` gateways sending one report each at once (so
 * group commit writes them together), `--rounds` times after one priming round. Prints the
 * reports per second of the whole, then each statement's time per report, slowest first.
 *
 *   npx tsx bench/ingest/statements.ts [--gateways 300] [--rounds 5]
 */

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '5' },
  },
});
const gatewayCount = Number(values.gateways);
const rounds = Number(values.rounds);

const timings = new Map<string, { ms: number; calls: number }>();
interface Executor {
  execute: (this: Executor, query: SQL) => Promise<unknown>;
  dialect: { sqlToQuery(query: SQL): { sql: string } };
}
// Every repository runs its raw statements through PgDatabase.prototype.execute: time each.
const prototype = PgDatabase.prototype as unknown as Executor;
const execute = prototype.execute;
prototype.execute = async function timedExecute(this: Executor, query: SQL) {
  const text = this.dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim().slice(0, 72);
  const started = performance.now();
  try {
    return await execute.call(this, query);
  } finally {
    const timing = timings.get(text) ?? { ms: 0, calls: 0 };
    timing.ms += performance.now() - started;
    timing.calls++;
    timings.set(text, timing);
  }
};

const sut = await createTestApp();
try {
  const tokens: string[] = [];
  for (let index = 0; index < gatewayCount; index++) {
    const { reportingUrl } = await sut.app.services.devices.provision(
      systemActor,
      `LOS-S${index}`,
      true,
    );
    tokens.push(reportingUrl.slice(reportingUrl.lastIndexOf('/') + 1));
  }
  const first = Math.floor(sut.clock.now().getTime() / 1000) - 2 * 86_400;
  const gateways = tokens.map((token, index) =>
    createGateway(index, token, first + (index % reportingIntervalSeconds)),
  );
  const round = () =>
    Promise.all(
      gateways.map((gateway) =>
        sut.app.services.ingest.receive(gateway.token, { Report: [nextReport(gateway)] }),
      ),
    );
  await round();
  timings.clear();
  const started = performance.now();
  for (let index = 0; index < rounds; index++) await round();
  const reports = gatewayCount * rounds;
  const ms = performance.now() - started;
  console.log(
    `${Math.round((reports / ms) * 1000)} reports/s, ${(ms / reports).toFixed(3)} ms a report`,
  );
  for (const [text, timing] of [...timings].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(`${(timing.ms / reports).toFixed(3)} ms  ${timing.calls}×  ${text}`);
  }
} finally {
  await sut.close();
}
