import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { type DatabaseLocation, openDatabase } from '../../apps/server/src/db/client';
import { gatewayReports, hostMetrics, linesOfService } from '../../apps/server/src/db/schema';
import { buildApp } from '../../apps/server/src/app';
import { systemActor } from '../../apps/server/src/modules/audit/actor';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';

/**
 * `kill -9` during sustained ingestion loses no acknowledged report and stores none twice.
 *
 * Gateways post bodies of one to three reports as fast as the server takes them; every report
 * adds exactly 1,000 bytes to one host's counter. A body that got no 200 is sent again, as a
 * real gateway does. The server is killed with SIGKILL several times mid-stream and restarted
 * on the same database. At the end every acknowledged report must be stored, the stored reports
 * must be exactly the ones sent, and each line's stored traffic must be exactly 1,000 bytes per
 * report after its first (a report applied twice would add its delta twice).
 *
 *   npx tsx bench/reliability/kill9.ts                     PGlite in a temporary folder
 *   DATABASE_URL=postgres://… npx tsx bench/reliability/kill9.ts   a scratch PostgreSQL database
 *   … --gateways 20 --kills 3 --seconds 6
 */

const { values: options } = parseArgs({
  options: {
    gateways: { type: 'string', default: '20' },
    kills: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '6' },
  },
});
const gatewayCount = Number(options.gateways);
const kills = Number(options.kills);
const secondsBetweenKills = Number(options.seconds);
const bytesPerReport = 1000;
const t0 = Math.floor(Date.now() / 1000) - 30 * 86_400;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

/** A fresh database: a temporary PGlite folder, or a scratch database on DATABASE_URL. */
async function scratchDatabase(): Promise<{
  env: Record<string, string>;
  location: DatabaseLocation;
  dispose(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linesight-kill9-'));
  if (!url) {
    return {
      env: { DATA_DIR: dataDir },
      location: { kind: 'pglite', dataDir },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `linesight_kill9_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.toString() },
    location: { kind: 'postgres', url: scratch.toString() },
    dispose: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Migrates and provisions the lines through the real services, then closes the database. */
async function provision(location: DatabaseLocation, env: Record<string, string>) {
  const database = await openDatabase(location);
  await database.migrate();
  const config = loadConfig({ ...env, LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, database, buildId: 'kill9', logger: false });
  const tokens: string[] = [];
  for (let index = 0; index < gatewayCount; index++) {
    const { reportingUrl } = await app.services.devices.provision(
      systemActor,
      `KILL9-${index}`,
      true,
    );
    tokens.push(reportingUrl.split('/').at(-1) ?? '');
  }
  await app.close();
  await database.close();
  return tokens;
}

function startServer(env: Record<string, string>, port: number): ChildProcess {
  return spawn(
    process.execPath,
    [...serverNodeFlags, '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_GATEWAYS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function waitUntilServing(port: number): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/** One gateway: its next report number, what the server acknowledged, what it sent at all. */
interface GatewayRun {
  token: string;
  next: number;
  acknowledged: Set<number>;
  sent: Set<number>;
}

function report(number: number) {
  return {
    CollectionTime: t0 + number * 300,
    'Device.DeviceInfo.UpTime': 100_000 + number * 300,
    'Device.DeviceInfo.ProcessStatus.CPUUsage': 20,
    'Device.Hosts.Host.1.PhysAddress': 'aa:bb:cc:00:00:01',
    'Device.Hosts.Host.1.Active': true,
    'Device.Hosts.Host.1.WANStats.BytesReceived': number * bytesPerReport,
    'Device.Hosts.Host.1.WANStats.BytesSent': number * bytesPerReport,
  };
}

/** Posts bodies until `running()` says stop; a body without a 200 is sent again. */
async function runGateway(run: GatewayRun, port: () => number, running: () => boolean) {
  let pending: number[] = [];
  while (running() || pending.length > 0) {
    if (pending.length === 0) {
      const size = 1 + (run.next % 3);
      pending = Array.from({ length: size }, (_, offset) => run.next + offset);
      run.next += size;
    }
    for (const number of pending) run.sent.add(number);
    try {
      const response = await fetch(`http://127.0.0.1:${port()}/report/v1/${run.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Report: pending.map(report) }),
      });
      if (response.status === 200) {
        for (const number of pending) run.acknowledged.add(number);
        pending = [];
      } else {
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } catch {
      // Killed, or not up again yet: a gateway retries.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function main(): Promise<void> {
  const scratch = await scratchDatabase();
  try {
    const tokens = await provision(scratch.location, scratch.env);
    let port = await freePort();
    let server = startServer(scratch.env, port);
    await waitUntilServing(port);
    let generating = true;
    const runs: GatewayRun[] = tokens.map((token) => ({
      token,
      next: 0,
      acknowledged: new Set(),
      sent: new Set(),
    }));
    const gateways = Promise.all(
      runs.map((run) =>
        runGateway(
          run,
          () => port,
          () => generating,
        ),
      ),
    );
    for (let kill = 1; kill <= kills; kill++) {
      await new Promise((resolve) => setTimeout(resolve, secondsBetweenKills * 1000));
      const acknowledged = runs.reduce((sum, run) => sum + run.acknowledged.size, 0);
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      console.log(`kill -9 #${kill} after ${acknowledged} acknowledged reports`);
      port = await freePort();
      server = startServer(scratch.env, port);
      await waitUntilServing(port);
    }
    await new Promise((resolve) => setTimeout(resolve, secondsBetweenKills * 1000));
    generating = false;
    await gateways;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    const database = await openDatabase(scratch.location);
    let failures = 0;
    let acknowledgedTotal = 0;
    for (const [index, run] of runs.entries()) {
      const [line] = await database.db
        .select({ id: linesOfService.id })
        .from(linesOfService)
        .where(eq(linesOfService.lineOfServiceCode, `KILL9-${index}`));
      const stored = new Set(
        (
          await database.db
            .select({ collectionTime: gatewayReports.collectionTime })
            .from(gatewayReports)
            .where(eq(gatewayReports.lineId, line?.id ?? ''))
        ).map((row) => (row.collectionTime.getTime() / 1000 - t0) / 300),
      );
      const [traffic] = await database.db
        .select({ bytesIn: sql<string>`coalesce(sum(${hostMetrics.bytesIn}), 0)` })
        .from(hostMetrics)
        .where(sql`${hostMetrics.lineId} = ${line?.id ?? ''} and ${hostMetrics.tier} = 60`);
      acknowledgedTotal += run.acknowledged.size;
      const lost = [...run.acknowledged].filter((number) => !stored.has(number));
      const unsent = [...stored].filter((number) => !run.sent.has(number));
      const expectedBytes = (stored.size - 1) * bytesPerReport;
      const bytes = Number(traffic?.bytesIn ?? 0);
      if (lost.length > 0 || unsent.length > 0 || stored.size !== run.sent.size) {
        failures++;
        console.log(
          `KILL9-${index}: ${lost.length} acknowledged reports lost, ${unsent.length} never sent, ` +
            `${stored.size} stored of ${run.sent.size} sent`,
        );
      }
      if (bytes !== expectedBytes) {
        failures++;
        console.log(`KILL9-${index}: ${bytes} bytes stored, ${expectedBytes} expected`);
      }
    }
    await database.close();
    console.log(
      `${gatewayCount} gateways, ${kills} kills, ${acknowledgedTotal} acknowledged reports: ` +
        (failures === 0 ? 'none lost, none stored twice' : `${failures} failures`),
    );
    process.exitCode = failures === 0 ? 0 : 1;
  } finally {
    await scratch.dispose();
  }
}

await main();
