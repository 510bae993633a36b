import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { type CommandStatus, type DeviceCommand, reportPaths } from '@linesight/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySnapshots } from '../../../apps/server/src/db/schema';
import { systemActor } from '../../../apps/server/src/modules/audit/actor';
import { createTestApp, type TestApp, testAdminActor } from '../../../apps/server/test/test-app';
import { backfill, backfillFleet, backfillTimes } from './backfill';
import { postReports, type ReportingTarget } from './client';
import { describeGateway } from './fleet';
import { type FleetEvent, runFleet } from './fleet-run';
import { Gateway } from './gateway';
import { type LiveEvent, runLive } from './live';

/** The simulator against the real server over HTTP: the public reporting path, nothing else. */

const day = 86_400;
const seed = 5;

describe('the simulator reporting to the real collector', () => {
  let sut: TestApp;
  let origin: string;

  /** A provisioned line's reporting URL, at the address the test server listens on. */
  async function provision(code: string): Promise<string> {
    const { reportingUrl } = await sut.app.services.devices.provision(systemActor, code, false);
    const token = /\/report\/v1\/([0-9a-f]+)$/.exec(reportingUrl)?.[1];
    if (!token) throw new Error(`unexpected reporting URL ${reportingUrl}`);
    return origin + reportPaths.report.replace(':token', token);
  }

  async function deviceLine(code: string) {
    const { devices } = await sut.app.services.devices.search(code, false, 1, 10);
    return devices.find((device) => device.lineOfServiceCode === code);
  }

  const nowSeconds = (): number => Math.floor(sut.clock.now().getTime() / 1000);

  beforeAll(async () => {
    sut = await createTestApp();
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = sut.app.server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await sut.close();
  });

  it("should store a day of three gateways' history once and fill in each device", async () => {
    const gateways = [
      new Gateway(describeGateway(seed, 0)),
      new Gateway(describeGateway(seed, 1)),
      new Gateway(describeGateway(seed, 2), { encoding: 'ObjectHierarchy' }),
    ];
    const targets: ReportingTarget[] = [];
    for (const [index, gateway] of gateways.entries()) {
      targets.push({ gateway, url: await provision(`LOS-SIM-${index + 1}`) });
    }
    const to = nowSeconds();

    const results = await backfillFleet(targets, {
      from: to - day,
      to,
      intervalSeconds: 300,
      concurrency: 3,
    });

    for (const result of results) {
      expect(result.error).toBeUndefined();
      expect(result.revoked).toBe(false);
      expect(result.reports + result.offlineSkipped).toBe(288);
      expect(result.accepted).toBe(result.reports);
      expect(result.duplicates).toBe(0);
      expect(result.bodies).toBe(Math.ceil(result.reports / 50));
    }
    for (const [index, gateway] of gateways.entries()) {
      expect(await deviceLine(`LOS-SIM-${index + 1}`)).toMatchObject({
        deviceType: gateway.profile.model.name,
        identifier: gateway.serialNumber,
        wanType: gateway.profile.model.wanType,
      });
    }
  });

  it('should answer duplicates when a body is sent again', async () => {
    const url = await provision('LOS-SIM-AGAIN');
    const to = nowSeconds();
    await backfill(new Gateway(describeGateway(seed, 3)), url, {
      from: to - day,
      to,
      intervalSeconds: 300,
    });
    // The same seed and times give the same reports: the first body of that backfill, again.
    const gateway = new Gateway(describeGateway(seed, 3));
    const times = backfillTimes(to - day, to, 300, gateway.profile.reportPhase)
      .filter((time) => gateway.isOnlineAt(time))
      .slice(0, 50);
    const firstBody = times.map((time) => gateway.reportAt(time));

    await expect(postReports(url, firstBody)).resolves.toEqual({
      status: 'accepted',
      accepted: 0,
      duplicates: 50,
    });
  });

  it('should stop a gateway whose line was provisioned again (401)', async () => {
    const oldUrl = await provision('LOS-SIM-REVOKED');
    await provision('LOS-SIM-REVOKED');
    const to = nowSeconds();

    const result = await backfill(new Gateway(describeGateway(seed, 4)), oldUrl, {
      from: to - day,
      to,
      intervalSeconds: 300,
    });

    expect(result).toMatchObject({ revoked: true, reports: 0, accepted: 0 });
  });

  it('should report live every interval until stopped', async () => {
    // Live reports carry the real time; the collector only believes times near its own clock.
    sut.clock.advance(Date.now() - sut.clock.now().getTime());
    const url = await provision('LOS-SIM-LIVE');
    const gateway = new Gateway(
      describeGateway(seed, 5, { behaviour: { offlineSpellsPerDay: 0 } }),
    );
    const events: LiveEvent[] = [];

    const run = runLive([{ gateway, url }], { intervalSeconds: 1, onEvent: (e) => events.push(e) });
    await delay(3_500);
    await run.stop();
    const seenAtStop = events.length;
    await delay(1_500);

    const sent = events.filter((event) => event.type === 'sent');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((event) => event.accepted === 1 && event.duplicates === 0)).toBe(true);
    expect(events).toHaveLength(seenAtStop);
    expect(await deviceLine('LOS-SIM-LIVE')).toMatchObject({ identifier: gateway.serialNumber });
  });

  it('should go live after its backfill, carry out commands queued in the portal and report the change', async () => {
    sut.clock.advance(Date.now() - sut.clock.now().getTime());
    const url = await provision('LOS-SIM-COMMANDS');
    const token = url.split('/').at(-1) ?? '';
    const line = await sut.app.services.ingest.lineForToken(token);
    const gateway = new Gateway(
      describeGateway(seed, 6, { behaviour: { offlineSpellsPerDay: 0, rebootsPerDay: 0 } }),
    );
    const stop = new AbortController();
    const events: FleetEvent[] = [];
    const running = runFleet({
      targets: [{ gateway, url }],
      backfillDays: 0.002,
      intervalSeconds: 1,
      commands: { nakShare: 0, silentShare: 0 },
      signal: stop.signal,
      onEvent: (event) => events.push(event),
    });
    const until = async (done: () => boolean | Promise<boolean>): Promise<void> => {
      for (const deadline = Date.now() + 20_000; !(await done()); await delay(100)) {
        if (Date.now() > deadline) throw new Error('timed out');
      }
    };
    const settled = async (messageId: string): Promise<CommandStatus> => {
      let status = await sut.app.services.actions.status(line.id, messageId);
      await until(async () => {
        status = await sut.app.services.actions.status(line.id, messageId);
        return status.state === 'ACK' || status.state === 'NAK';
      });
      return status;
    };
    const request = (command: DeviceCommand) =>
      sut.app.services.actions.request(testAdminActor, line.lineOfServiceCode, command);

    await until(() => events.some((event) => event.type === 'backfill-done'));
    const moved = await request({
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel: 149 },
    });
    const unknown = await request({
      action: 'block',
      parameters: { macAddress: 'aa:bb:cc:00:00:01' },
    });
    expect(await settled(moved)).toEqual({ messageId: moved, state: 'ACK', value: null });
    expect(await settled(unknown)).toEqual({
      messageId: unknown,
      state: 'NAK',
      value: 'Unknown host aa:bb:cc:00:00:01',
    });
    const answeredAt = events.length;
    await until(() => events.slice(answeredAt).some((event) => event.type === 'sent'));
    stop.abort();
    const { backfill: results } = await running;

    expect(results[0]).toMatchObject({ revoked: false, stopped: false, duplicates: 0 });
    const [wifi] = await sut.database.db
      .select()
      .from(gatewaySnapshots)
      .where(and(eq(gatewaySnapshots.lineId, line.id), eq(gatewaySnapshots.kind, 'wifi')));
    const radios = (wifi?.payload as { wifiRadios: { freqBand: string }[] }).wifiRadios;
    expect(radios.find((radio) => radio.freqBand === '5GHz')).toMatchObject({
      channel: 149,
      autoChannel: false,
    });
  });
});
