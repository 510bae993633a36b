import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { acsPaths } from '@linesight/contract';
import type { FastifyBaseLogger } from 'fastify';
import { systemActor } from '../modules/audit/actor';
import type { DevicesRepository } from '../modules/devices/devices.repository';
import type { DevicesService } from '../modules/devices/devices.service';
import type { SubscribersService } from '../modules/subscribers/subscribers.service';
import { demoSubscriberName } from './demo-names';

/**
 * The demo fleet `npm start` runs (DEMO_GATEWAYS, default 50): demo subscribers each with a line
 * of service, provisioned on first start, and the simulator playing their gateways through the
 * real reporting URLs, as real gateways would; every fifth line's gateway speaks TR-069 to the
 * line's ACS URL instead (`demoGatewayUrl`), so the portal shows both kinds. It runs in a child process so that generating
 * reports never competes with the portal's event loop. On the first start it backfills
 * DEMO_BACKFILL_DAYS of history (the portal is usable meanwhile; progress goes to the log), then
 * reports live; on later starts it goes straight to live reporting, and the time the server was
 * down shows as an offline spell, as it would for a real fleet.
 */

export interface DemoFleetOptions {
  gateways: number;
  backfillDays: number;
  seed: number;
  /** Where the reporting URLs file goes. */
  dataDir: string;
  /** The address the simulator reaches this server at (its own listening address). */
  localUrl: string;
}

export interface DemoFleetDependencies {
  subscribers: SubscribersService;
  devices: DevicesService;
  devicesRepository: DevicesRepository;
  log: FastifyBaseLogger;
}

const code = (prefix: string, index: number) => `${prefix}-${String(index).padStart(4, '0')}`;
export const demoSubscriberCode = (index: number) => code('DEMO-SUB', index);
export const demoLineCode = (index: number) => code('DEMO-LOS', index);

/**
 * Makes sure demo subscribers 1…count exist, each with its line of service, and answers the
 * lines' reporting paths in order, and whether any line has never reported (a first start).
 * Lines that exist keep their reporting URL.
 */
export async function provisionDemoFleet(
  count: number,
  { subscribers, devices, devicesRepository }: DemoFleetDependencies,
): Promise<{ reportingPaths: string[]; neverReported: boolean }> {
  const reportingPaths: string[] = [];
  let neverReported = false;
  for (let index = 1; index <= count; index++) {
    const lineCode = demoLineCode(index);
    let line = await devicesRepository.findByCode(lineCode);
    if (!line) {
      await subscribers.put(
        systemActor,
        demoSubscriberCode(index),
        demoSubscriberName(index),
        false,
      );
      await devices.provision(systemActor, lineCode, true);
      await devices.associate(systemActor, lineCode, demoSubscriberCode(index));
      line = await devicesRepository.findByCode(lineCode);
    }
    if (!line) throw new Error(`the demo line ${lineCode} could not be provisioned`);
    if (!line.firstReportedAt) neverReported = true;
    reportingPaths.push(`/report/v1/${line.reportingToken}`);
  }
  return { reportingPaths, neverReported };
}

/**
 * The simulator's line for demo gateway `index` (from 1): every fifth speaks TR-069 to its
 * line's ACS URL, TR-181 on odd multiples of five (0005, 0015, …) and TR-098 on even ones
 * (0010, 0020, …); the others report Bulk Data to the reporting URL. Both carry the line's token.
 */
export function demoGatewayUrl(index: number, reportingPath: string, localUrl: string): string {
  if (index % 5 !== 0) return `${localUrl}${reportingPath}`;
  const token = reportingPath.slice(reportingPath.lastIndexOf('/') + 1);
  const dataModel = (index / 5) % 2 === 1 ? 'tr181' : 'tr098';
  return `${dataModel} ${localUrl}${acsPaths.line.replace(':token', token)}`;
}

const simulatorCli = fileURLToPath(new URL('cli.ts', import.meta.resolve('@linesight/simulator')));

/**
 * The level of one of the simulator's lines: backfill progress is worth reading, and so is a
 * gateway that fails or is turned away; a line per live report or command is not (live lines
 * start with their time), not even one sent while other gateways still backfill.
 */
export function demoLineLevel(line: string, backfilling: boolean): 'warn' | 'info' | 'debug' {
  const isLive = /^\d{4}-\d\d-\d\dT/.test(line);
  if (isLive && /: (failed|URL revoked|command channel:)/.test(line)) return 'warn';
  return backfilling && !isLive ? 'info' : 'debug';
}

/** Provisions the fleet and starts the simulator; answers a function that stops it. */
export async function startDemoFleet(
  options: DemoFleetOptions,
  dependencies: DemoFleetDependencies,
): Promise<() => void> {
  const { log } = dependencies;
  const { reportingPaths, neverReported } = await provisionDemoFleet(
    options.gateways,
    dependencies,
  );
  const urlsFile = path.join(options.dataDir, 'demo-fleet', 'reporting-urls.txt');
  await mkdir(path.dirname(urlsFile), { recursive: true, mode: 0o700 });
  // The file holds the gateways' credentials: readable by this user only.
  await writeFile(
    urlsFile,
    `${reportingPaths.map((reportingPath, index) => demoGatewayUrl(index + 1, reportingPath, options.localUrl)).join('\n')}\n`,
    { mode: 0o600 },
  );
  const backfill = neverReported && options.backfillDays > 0;
  const args = [
    '--import',
    'tsx',
    simulatorCli,
    '--reporting-urls',
    urlsFile,
    '--seed',
    String(options.seed),
    '--live',
    ...(backfill ? ['--backfill-days', String(options.backfillDays)] : []),
  ];
  log.info(
    { gateways: options.gateways, backfillDays: backfill ? options.backfillDays : 0 },
    backfill
      ? 'demo fleet: backfilling history, then reporting live (the portal is usable meanwhile)'
      : 'demo fleet: reporting live',
  );
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let backfilling = backfill;
  if (child.stderr) {
    createInterface({ input: child.stderr }).on('line', (line) => {
      log[demoLineLevel(line, backfilling)]({ demoFleet: true }, line);
      if (line.startsWith('Backfilled ')) backfilling = false;
    });
  }
  let stopping = false;
  child.on('exit', (exitCode, signal) => {
    if (!stopping) log.warn({ exitCode, signal }, 'demo fleet: the simulator stopped');
  });
  return () => {
    stopping = true;
    child.kill('SIGTERM');
  };
}
