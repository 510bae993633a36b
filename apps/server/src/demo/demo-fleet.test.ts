import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DevicesRepository } from '../modules/devices/devices.repository';
import {
  demoGatewayUrl,
  demoLineCode,
  demoLineLevel,
  demoSubscriberCode,
  provisionDemoFleet,
} from './demo-fleet';
import { demoSubscriberName } from './demo-names';

describe(provisionDemoFleet.name, () => {
  let sut: TestApp;
  const dependencies = () => ({
    subscribers: sut.app.services.subscribers,
    devices: sut.app.services.devices,
    devicesRepository: new DevicesRepository(sut.database.db),
    log: sut.app.log,
  });

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('should provision demo subscribers, each with its line, on first start', async () => {
    const first = await provisionDemoFleet(3, dependencies());
    expect(first.neverReported).toBe(true);
    expect(first.reportingPaths).toHaveLength(3);
    expect(first.reportingPaths.every((path) => /^\/report\/v1\/[0-9a-f]{32}$/.test(path))).toBe(
      true,
    );
    const { subscribers } = await sut.app.services.subscribers.search('DEMO-SUB', false, 1, 10);
    expect(subscribers).toEqual(
      [1, 2, 3].map((index) => ({
        subscriberCode: demoSubscriberCode(index),
        name: demoSubscriberName(index),
        deviceLinesOfService: [demoLineCode(index)],
      })),
    );
  });

  it('should keep the reporting URLs on a later start, and see that the fleet has reported', async () => {
    const before = await provisionDemoFleet(3, dependencies());
    for (const path of before.reportingPaths) {
      const response = await sut.app.inject({
        method: 'POST',
        url: path,
        payload: { Report: [{ CollectionTime: 1767268800, 'Device.DeviceInfo.UpTime': 60 }] },
      });
      expect(response.statusCode).toBe(200);
    }
    const after = await provisionDemoFleet(3, dependencies());
    expect(after.reportingPaths).toEqual(before.reportingPaths);
    expect(after.neverReported).toBe(false);
  });

  it('should give each demo household its own name', () => {
    const names = new Set(Array.from({ length: 1517 }, (_, index) => demoSubscriberName(index)));
    expect(names.size).toBe(1517);
  });
});

describe(demoLineLevel.name, () => {
  const live = '2026-11-24T09:11:30.000Z ALCL073BC0E2: sent 1 (1 accepted, 0 duplicates)';

  it('should keep backfill progress at info and live reports at debug, even during backfill', () => {
    expect(demoLineLevel('[3/50] SR400123: 1140 reports in 23 bodies', true)).toBe('info');
    expect(demoLineLevel(live, true)).toBe('debug');
    expect(demoLineLevel(live, false)).toBe('debug');
  });

  it('should warn of a gateway that fails or is turned away', () => {
    const failed = '2026-11-24T09:11:30.000Z SR400123: failed, 3 reports kept: 503';
    const revoked = '2026-11-24T09:11:30.000Z SR400123: URL revoked (401), stopped';
    expect(demoLineLevel(failed, false)).toBe('warn');
    expect(demoLineLevel(revoked, true)).toBe('warn');
  });
});

describe(demoGatewayUrl.name, () => {
  const path = '/report/v1/0123456789abcdef0123456789abcdef';
  const origin = 'http://127.0.0.1:8080';

  it('should send every fifth gateway to its ACS URL, alternating TR-181 and TR-098', () => {
    expect(demoGatewayUrl(1, path, origin)).toBe(`${origin}${path}`);
    expect(demoGatewayUrl(5, path, origin)).toBe(
      `tr181 ${origin}/cwmp/v1/0123456789abcdef0123456789abcdef`,
    );
    expect(demoGatewayUrl(10, path, origin)).toBe(
      `tr098 ${origin}/cwmp/v1/0123456789abcdef0123456789abcdef`,
    );
    expect(demoGatewayUrl(15, path, origin)).toMatch(/^tr181 /);
    expect(demoGatewayUrl(11, path, origin)).toBe(`${origin}${path}`);
  });

  it('should warn of a TR-069 gateway whose session failed', () => {
    const failed =
      '2026-11-24T09:11:30.000Z SR400123: failed TR-069 session, retry in 7 s: the ACS answered 503';
    expect(demoLineLevel(failed, false)).toBe('warn');
  });
});
