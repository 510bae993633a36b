import type { AddressInfo } from 'node:net';
import { buildApp, createLogger } from './app';
import { resolveBuildId } from './build-info';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startDemoFleet } from './demo/demo-fleet';
import { TelemetryRepository } from './telemetry/telemetry.repository';
import { DevicesRepository } from './modules/devices/devices.repository';
import { startAuditJobs } from './jobs/audit.jobs';
import { startSessionCleanup } from './jobs/session-cleanup.job';
import { startTelemetryJobs } from './jobs/telemetry.jobs';
import { systemClock } from './clock';

const config = loadConfig();
const log = createLogger(config);
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
  {
    onIdleConnectionError: (error) =>
      process.stderr.write(
        `${JSON.stringify({ level: 40, msg: 'idle database connection lost', err: error.message })}\n`,
      ),
  },
);
await database.migrate();

const buildId = resolveBuildId(config.buildId, config.webRoot);
const app = await buildApp({ config, database, buildId, logger: log });

const initialAdmin = await app.services.users.ensureInitialAdmin(config.bootstrapAdmin);
if (initialAdmin.outcome === 'configured') {
  app.log.info({ email: initialAdmin.email }, 'initial admin created from ADMIN_EMAIL');
} else if (initialAdmin.outcome === 'generated') {
  // Printed once, to the terminal only: the logger must never carry a passphrase.
  process.stdout.write(
    [
      '',
      '  No users existed, so an administrator was created:',
      `    e-mail:     ${initialAdmin.email}`,
      `    passphrase: ${initialAdmin.passphrase}`,
      '  It is shown only now and must be changed at first sign-in.',
      '',
      '',
    ].join('\n'),
  );
}

const stopSessionCleanup = startSessionCleanup(app.services.auth, app.log);
const stopAuditJobs = startAuditJobs(app.services.actions, app.services.audit, app.log);
const maintenance = setInterval(() => {
  database
    .maintain()
    .catch((error: unknown) => app.log.error({ err: error }, 'database maintenance failed'));
}, 3_600_000);
maintenance.unref();
const telemetry = new TelemetryRepository(database.db);
const stopTelemetryJobs = startTelemetryJobs(telemetry, config.retentionDays, systemClock, app.log);

/**
 * Builds the closed tier buckets and scores them now rather than at the job's next minute: the
 * end-to-end server calls it once its fleet has backfilled, so the QoE, uptime and dashboard
 * screens have data when the specs start.
 */
export const rollUpNow = (): Promise<unknown> => telemetry.rollUp(systemClock.now());

let stopDemoFleet = (): void => undefined;

async function shutdown(signal: string): Promise<void> {
  app.log.info({ signal }, 'shutting down');
  stopDemoFleet();
  stopSessionCleanup();
  stopAuditJobs();
  stopTelemetryJobs();
  clearInterval(maintenance);
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', (signal) => void shutdown(signal));
process.once('SIGTERM', (signal) => void shutdown(signal));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    url: config.publicUrl,
    database: database.kind,
    dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
    build: buildId,
  },
  'LineSight is serving',
);

if (config.demoFleet.gateways > 0) {
  const listening = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const address = listening.includes(':') ? `[${listening}]` : listening;
  const { port } = app.server.address() as AddressInfo;
  stopDemoFleet = await startDemoFleet(
    { ...config.demoFleet, dataDir: config.dataDir, localUrl: `http://${address}:${port}` },
    {
      subscribers: app.services.subscribers,
      devices: app.services.devices,
      devicesRepository: new DevicesRepository(database.db),
      log: app.log,
    },
  );
}
