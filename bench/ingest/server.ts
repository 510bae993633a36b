import type { AddressInfo } from 'node:net';
import { count, sql } from 'drizzle-orm';
import { buildApp, createLogger } from '../../apps/server/src/app';
import { systemActor } from '../../apps/server/src/modules/audit/actor';
import { systemClock } from '../../apps/server/src/clock';
import { type Config, loadConfig } from '../../apps/server/src/config';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { gatewayReports } from '../../apps/server/src/db/schema';
import {
  type RollupResult,
  TelemetryRepository,
} from '../../apps/server/src/telemetry/telemetry.repository';
import { startSessionCleanup } from '../../apps/server/src/jobs/session-cleanup.job';
import { startTelemetryJobs } from '../../apps/server/src/jobs/telemetry.jobs';
import { selectRows } from '../scratch';
import type { BenchMessage, RollupRun, ServerMessage } from './messages';

/**
 * The server under test for ingest.bench.ts, in a process of its own so that the load generator
 * does not share its event loop. It starts as apps/server/src/server.ts does (the same
 * configuration from the environment: DATABASE_URL or DATA_DIR, LOG_LEVEL; the session cleanup,
 * hourly maintenance and the telemetry rollup every minute), provisions BENCH_GATEWAYS lines
 * through the devices service (none when it joins a group whose first process made them),
 * listens on a free port and tells the bench (over IPC) the port and the reporting tokens. On
 * "stop" it closes the server, which answers every request in flight first, rolls up what is
 * still pending and reports how many reports it stored.
 *
 * Rollups are timed by wrapping the repository the job is given; the job itself is the real one.
 */

class TimedTelemetryRepository extends TelemetryRepository {
  readonly runs: RollupRun[] = [];

  override async rollUp(now: Date): Promise<RollupResult> {
    const startedAt = Date.now();
    const started = performance.now();
    const result = await super.rollUp(now);
    const buckets = Object.values(result.built).reduce((sum, count) => sum + count, 0);
    this.runs.push({ startedAt, ms: Math.round(performance.now() - started), buckets });
    return result;
  }
}

function send(message: ServerMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) reject(new Error('no IPC channel'));
    else process.send(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
  });
}

async function serverVersion(database: Database): Promise<string> {
  const [row] = await selectRows<{ server_version: string }>(database.db, sql`show server_version`);
  return row?.server_version ?? '?';
}

async function main(): Promise<void> {
  if (!process.send) throw new Error('server.ts runs as a child of ingest.bench.ts (IPC)');
  const gateways = Number(process.env.BENCH_GATEWAYS ?? '2000');
  const config: Config = { ...loadConfig(), webRoot: undefined };
  const log = createLogger(config);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  const app = await buildApp({ config, database, buildId: 'bench', logger: log });

  const started = performance.now();
  const tokens: string[] = [];
  for (let index = 1; index <= gateways; index++) {
    const code = `LOS-B${String(index).padStart(7, '0')}`;
    const { reportingUrl } = await app.services.devices.provision(systemActor, code, true);
    tokens.push(reportingUrl.slice(reportingUrl.lastIndexOf('/') + 1));
  }
  const provisionSeconds = (performance.now() - started) / 1000;

  const stopSessionCleanup = startSessionCleanup(app.services.auth, app.log);
  const maintenance = setInterval(() => {
    database
      .maintain()
      .catch((error: unknown) => app.log.error({ err: error }, 'database maintenance failed'));
  }, 3_600_000);
  maintenance.unref();
  const telemetry = new TimedTelemetryRepository(database.db);
  const stopTelemetryJobs = startTelemetryJobs(
    telemetry,
    config.retentionDays,
    systemClock,
    app.log,
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  await send({
    type: 'ready',
    port,
    tokens,
    provisionSeconds,
    serverVersion: await serverVersion(database),
  });

  process.on('message', (message: BenchMessage) => {
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      void send({ type: 'cpu', userMicros: usage.user, systemMicros: usage.system });
      return;
    }
    void (async () => {
      stopSessionCleanup();
      stopTelemetryJobs();
      clearInterval(maintenance);
      await app.close();
      const rollups = [...telemetry.runs];
      const finalStarted = Date.now();
      const { built } = await telemetry.rollUp(new Date());
      const buckets = Object.values(built).reduce((sum, count) => sum + count, 0);
      const finalRollup = { startedAt: finalStarted, ms: Date.now() - finalStarted, buckets };
      const [stored] = await database.db.select({ rows: count() }).from(gatewayReports);
      await database.close();
      await send({ type: 'stopped', storedReports: stored?.rows ?? 0, rollups, finalRollup });
      // A normal exit, so that --cpu-prof writes its profile.
      process.exit(0);
    })();
  });
}

await main();
