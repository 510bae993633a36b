import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { systemActor } from '../modules/audit/actor';
import { gatewayReports } from '../db/schema';
import { maxReportsPerBody } from './ingest.service';

describe('the collector, POST /report/v1/{token}, with large bodies', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  let lines = 0;
  const provision = async (): Promise<string> => {
    lines += 1;
    const { reportingUrl } = await sut.app.services.devices.provision(
      systemActor,
      `LOS-LARGE-${lines}`,
      false,
    );
    return reportingUrl.split('/').at(-1) ?? '';
  };
  const post = (token: string, body: unknown) =>
    sut.app.inject({ method: 'POST', url: `/report/v1/${token}`, payload: body as object });
  const storedReports = async (): Promise<number> => {
    const [row] = await sut.database.db.select({ total: count() }).from(gatewayReports);
    return row?.total ?? 0;
  };

  /** `length` reports a minute apart up to now, each with five hosts whose counters grow. */
  const reports = (length: number) => {
    const now = Math.floor(sut.clock.now().getTime() / 1000);
    return Array.from({ length }, (_, index) => {
      const report: Record<string, unknown> = {
        CollectionTime: now - (length - index) * 60,
        'Device.DeviceInfo.UpTime': 86_400 + index * 60,
        'Device.DeviceInfo.ProcessStatus.CPUUsage': index % 100,
      };
      for (let host = 1; host <= 5; host++) {
        const path = `Device.Hosts.Host.${host}.`;
        report[`${path}PhysAddress`] = `aa:bb:cc:00:00:0${host}`;
        report[`${path}Active`] = true;
        report[`${path}WANStats.BytesSent`] = index * 1000 * host;
        report[`${path}WANStats.BytesReceived`] = index * 5000 * host;
      }
      return report;
    });
  };

  it(`should refuse a body of more than ${maxReportsPerBody} reports with 413, storing none`, async () => {
    const token = await provision();
    const before = await storedReports();
    const response = await post(token, { Report: reports(maxReportsPerBody + 1) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'REQUEST.TOO_LARGE',
      message: `A body holds at most ${maxReportsPerBody} reports; this one holds ${maxReportsPerBody + 1}. Send them in several bodies.`,
    });
    expect(await storedReports()).toBe(before);
  });

  it('should refuse a body of too many reports to an unknown token as an unknown token', async () => {
    const response = await post('0'.repeat(32), { Report: reports(maxReportsPerBody + 1) });
    expect(response.statusCode).toBe(401);
  });

  it(`should take ${maxReportsPerBody} reports whole, never holding the event loop 200 ms`, async () => {
    const token = await provision();
    const body = { Report: reports(maxReportsPerBody) };
    const before = await storedReports();
    // The most CPU time the process spent between two ticks of a 5 ms timer (the last one, after
    // the answer, included): how long the event loop was held, whatever else the cores ran.
    let worstHoldMs = 0;
    let lastTick = process.cpuUsage();
    const probe = setInterval(() => {
      const used = process.cpuUsage(lastTick);
      worstHoldMs = Math.max(worstHoldMs, (used.user + used.system) / 1000);
      lastTick = process.cpuUsage();
    }, 5);
    const response = await post(token, body);
    await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(probe);
    expect(response.json()).toEqual({ accepted: maxReportsPerBody, duplicates: 0 });
    expect(await storedReports()).toBe(before + maxReportsPerBody);
    // Generous for two loaded cores: the work is sliced at 10 ms; bench/README.md has figures.
    expect(worstHoldMs).toBeLessThan(200);
  });
});
