import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { reportPaths } from '@linesight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app';
import { backfill, backfillFleet, backfillTimes } from './backfill';
import { postReports, type ReportingTarget } from './client';
import { describeGateway } from './fleet';
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
    const { reportingUrl } = await sut.app.services.devices.provision(code, false);
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
});
