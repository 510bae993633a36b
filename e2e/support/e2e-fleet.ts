/**
 * The end-to-end server's side of the shared fleet (fleet.ts): provisions every line before the
 * server opens its database, then plays the gateways through the real reporting URLs and command
 * channel once it listens. The simulator runs in this process rather than as the demo fleet's
 * child: the specs need gateways that never go offline, never refuse a command by chance, report
 * every few seconds, and one that refuses every command, and the demo fleet is the product's
 * default, not a test rig.
 */
import { systemActor } from '../../apps/server/src/modules/audit/actor';
import { AuditRepository } from '../../apps/server/src/modules/audit/audit.repository';
import { DevicesRepository } from '../../apps/server/src/modules/devices/devices.repository';
import { DevicesService } from '../../apps/server/src/modules/devices/devices.service';
import { SubscribersRepository } from '../../apps/server/src/modules/subscribers/subscribers.repository';
import { SubscribersService } from '../../apps/server/src/modules/subscribers/subscribers.service';
import type { Db } from '../../apps/server/src/db/client';
import { inTransaction } from '../../apps/server/src/db/transaction';
import { systemClock } from '../../apps/server/src/clock';
import { acsPaths } from '@linesight/contract';
import {
  type CwmpEvent,
  Gateway,
  postReports,
  runCwmp,
  runFleet,
  runLive,
  type FleetEvent,
  type ReportingTarget,
} from '@linesight/simulator';
import {
  cwmpLines,
  fleetBackfillHours,
  fleetGatewayProfile,
  fleetLines,
  fleetReportingSeconds,
  type GatewayRole,
  offlineReportHours,
  rebootingHistoryHours,
  simulatedLines,
} from './fleet';

/** Each line's reporting path (`/report/v1/{token}`), by line of service code. */
export type ReportingPaths = ReadonlyMap<string, string>;

/** Provisions the fleet's subscribers and lines; answers their reporting paths. */
export async function provisionFleet(db: Db, publicUrl: string): Promise<ReportingPaths> {
  const changes = inTransaction(db, (transaction) => ({
    subscribers: new SubscribersRepository(transaction),
    devices: new DevicesRepository(transaction),
    audit: new AuditRepository(transaction),
  }));
  const subscribers = new SubscribersService(new SubscribersRepository(db), systemClock, changes);
  const devices = new DevicesService(new DevicesRepository(db), systemClock, publicUrl, changes);
  const paths = new Map<string, string>();
  for (const line of fleetLines) {
    await subscribers.put(systemActor, line.subscriberCode, line.subscriberName, false);
    const { reportingUrl } = await devices.provision(systemActor, line.lineOfServiceCode, true);
    await devices.associate(systemActor, line.lineOfServiceCode, line.subscriberCode);
    paths.set(line.lineOfServiceCode, new URL(reportingUrl).pathname);
  }
  return paths;
}

/**
 * Feeds the offline line its old reports, backfills the live lines and starts them live, starts
 * the refusing line and the TR-069 lines (on their ACS URLs, the same token as the reporting
 * one); resolves once every reporting line has reported and each TR-069 gateway has had a
 * session. The gateways run on for as long as the server does.
 */
export async function startFleet(
  serverUrl: string,
  paths: ReportingPaths,
  log: (line: string) => void,
): Promise<void> {
  const target = (line: (typeof simulatedLines)[number]): ReportingTarget => ({
    gateway: new Gateway(fleetGatewayProfile(line.fleetIndex, line.role)),
    url: `${serverUrl}${paths.get(line.lineOfServiceCode) ?? ''}`,
  });
  const linesIn = (role: GatewayRole) => simulatedLines.filter((line) => line.role === role);
  const logTrouble = (event: FleetEvent): void => {
    if (event.type === 'failed' || event.type === 'revoked' || event.type === 'command-failed') {
      log(`e2e fleet: ${JSON.stringify(event)}`);
    }
  };

  const now = Math.floor(Date.now() / 1000);
  for (const line of linesIn('offline')) {
    const { gateway, url } = target(line);
    const reports = [];
    for (
      let at = now - offlineReportHours.from * 3600;
      at <= now - offlineReportHours.to * 3600;
      at += offlineReportSpacing
    ) {
      reports.push(gateway.reportAt(at, offlineReportSpacing));
    }
    await postReports(url, reports);
  }

  // The rebooting line: its last hours at 15-minute spacing, then live like the others.
  const rebooting = linesIn('rebooting').map(target);
  for (const { gateway, url } of rebooting) {
    const reports = [];
    for (let at = now - rebootingHistoryHours * 3600; at < now; at += offlineReportSpacing) {
      reports.push(gateway.reportAt(at, offlineReportSpacing));
    }
    await postReports(url, reports);
  }
  runLive(rebooting, {
    intervalSeconds: fleetReportingSeconds,
    commands: { nakShare: 0, silentShare: 0 },
    onEvent: logTrouble,
  });

  const refusing = linesIn('refusing').map(target);
  const refusingReported = firstReportsOf(refusing);
  runLive(refusing, {
    intervalSeconds: fleetReportingSeconds,
    commands: { nakShare: 1, silentShare: 0 },
    onEvent: (event) => {
      logTrouble(event);
      refusingReported.seen(event);
    },
  });

  let backfilled: () => void = () => undefined;
  const backfillDone = new Promise<void>((resolve) => {
    backfilled = resolve;
  });
  void runFleet({
    targets: linesIn('live').map(target),
    backfillDays: fleetBackfillHours / 24,
    intervalSeconds: fleetReportingSeconds,
    commands: { nakShare: 0, silentShare: 0 },
    onEvent: (event) => {
      logTrouble(event);
      if (event.type === 'backfill-done') backfilled();
    },
  });
  await Promise.all([backfillDone, refusingReported.all, startCwmpLines(serverUrl, paths, log)]);
}

/** Starts the TR-069 lines; resolves once each has had a session with the ACS. */
async function startCwmpLines(
  serverUrl: string,
  paths: ReportingPaths,
  log: (line: string) => void,
): Promise<void> {
  const waiting = new Set(cwmpLines.map((line) => line.serialNumber));
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  await runCwmp(
    cwmpLines.map((line) => {
      const reportingPath = paths.get(line.lineOfServiceCode) ?? '';
      const token = reportingPath.slice(reportingPath.lastIndexOf('/') + 1);
      return {
        gateway: new Gateway(fleetGatewayProfile(line.fleetIndex)),
        acsUrl: `${serverUrl}${acsPaths.line.replace(':token', token)}`,
        dataModel: line.dataModel,
        faults: line.faults,
      };
    }),
    {
      intervalSeconds: fleetReportingSeconds,
      onEvent: (event: CwmpEvent) => {
        if (event.type === 'cwmp-failed' || event.type === 'revoked') {
          log(`e2e fleet: ${JSON.stringify(event)}`);
        }
        if (event.type !== 'cwmp-session') return;
        waiting.delete(event.serialNumber);
        if (waiting.size === 0) done();
      },
    },
  );
  await all;
}

/** The offline line's reports come every 15 minutes, as a backfill's would. */
const offlineReportSpacing = 900;

/** Resolves `all` once each target's gateway has had a report accepted. */
function firstReportsOf(targets: readonly ReportingTarget[]) {
  const waiting = new Set(targets.map(({ gateway }) => gateway.serialNumber));
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  if (waiting.size === 0) done();
  return {
    all,
    seen(event: FleetEvent): void {
      if (event.type !== 'sent' || event.accepted === 0) return;
      waiting.delete(event.serialNumber);
      if (waiting.size === 0) done();
    },
  };
}
