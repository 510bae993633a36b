import { gzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedInToken, type TestApp } from '../../test/test-app';
import { gatewayReports, linesOfService, tierTables } from '../db/schema';
import { flattenBody } from './report-format';
import { systemActor } from '../modules/audit/actor';

const now = Date.UTC(2026, 0, 1, 12) / 1000;

const identity = {
  'Device.DeviceInfo.ModelName': 'SR400',
  'Device.DeviceInfo.SerialNumber': 'CPE-00A1B2C3',
  'Device.DeviceInfo.X_LINESIGHT_MACAddress': 'A4-91-B1-0C-22-7F',
  'Device.DeviceInfo.UpTime': 3600,
};

describe(flattenBody.name, () => {
  it('should read NameValuePair and ObjectHierarchy reports into the same parameters', () => {
    const {
      reports: [pairs],
    } = flattenBody(
      {
        Report: [
          {
            CollectionTime: now,
            'Device.DeviceInfo.UpTime': 5,
            'Device.Hosts.Host.1.Active': true,
          },
        ],
      },
      { nowSeconds: now },
    );
    const {
      reports: [hierarchy],
    } = flattenBody(
      {
        Report: [
          {
            CollectionTime: now,
            Device: { DeviceInfo: { UpTime: 5 }, Hosts: { Host: { '1': { Active: true } } } },
          },
        ],
      },
      { nowSeconds: now },
    );
    expect(hierarchy).toEqual(pairs);
    expect(pairs?.parameters.get('Device.Hosts.Host.1.Active')).toBe(true);
  });

  it.each([
    ['no Report array', { report: [] }, 'body'],
    ['an empty Report array', { Report: [] }, 'Report'],
    [
      'a CollectionTime that is no time',
      { Report: [{ CollectionTime: 'yesterday', 'Device.DeviceInfo.UpTime': 1 }] },
      'Report[0].CollectionTime',
    ],
    [
      'a CollectionTime on a day the month does not have',
      { Report: [{ CollectionTime: '2026-02-30T10:00:00Z', 'Device.DeviceInfo.UpTime': 1 }] },
      'Report[0].CollectionTime',
    ],
    [
      'a CollectionTime at hour 24',
      { Report: [{ CollectionTime: '2026-02-27T24:00:00Z', 'Device.DeviceInfo.UpTime': 1 }] },
      'Report[0].CollectionTime',
    ],
    [
      'a CollectionTime in milliseconds',
      { Report: [{ CollectionTime: now * 1000, 'Device.X': 1 }] },
      'Report[0].CollectionTime',
    ],
    [
      'a parameter outside Device',
      { Report: [{ CollectionTime: now, 'Other.X': 1 }] },
      'Report[0].Other.X',
    ],
    [
      'an array value',
      { Report: [{ CollectionTime: now, 'Device.X': [1] }] },
      'Report[0].Device.X',
    ],
    ['a report with no parameters', { Report: [{ CollectionTime: now }] }, 'Report[0]'],
  ])('should refuse %s, naming where', (_case, body, where) => {
    expect(() => flattenBody(body, { nowSeconds: now })).toThrow(
      expect.objectContaining({ path: where }),
    );
  });
});

describe('the collector, POST /report/v1/{token}', () => {
  let sut: TestApp;
  let token: string;

  beforeAll(async () => {
    sut = await createTestApp({
      PUBLIC_URL: 'https://portal.example.com',
      REPORT_BODY_LIMIT_BYTES: '4096',
    });
    const provisioned = await sut.app.services.devices.provision(systemActor, 'LOS-REPORT', false);
    token = provisioned.reportingUrl.split('/').at(-1) ?? '';
  });
  afterAll(() => sut.close());

  const report = (body: unknown, reportToken = token, headers: Record<string, string> = {}) =>
    sut.app.inject({
      method: 'POST',
      url: `/report/v1/${reportToken}`,
      payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const storedReports = async () => {
    const [row] = await sut.database.db.select({ total: count() }).from(gatewayReports);
    return row?.total ?? 0;
  };
  const line = async () => {
    const [row] = await sut.database.db
      .select()
      .from(linesOfService)
      .where(eq(linesOfService.lineOfServiceCode, 'LOS-REPORT'));
    return row;
  };
  const collectionTime = () => Math.floor(sut.clock.now().getTime() / 1000);

  it('should answer 401 REPORT.UNKNOWN_TOKEN for a token no line has', async () => {
    const response = await report(
      { Report: [{ CollectionTime: collectionTime(), ...identity }] },
      '0'.repeat(32),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('REPORT.UNKNOWN_TOKEN');
  });

  it('should store a report, fill the device identity and make it searchable', async () => {
    const response = await report({ Report: [{ CollectionTime: collectionTime(), ...identity }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await line()).toMatchObject({
      deviceType: 'SR400',
      deviceIdentifier: 'CPE-00A1B2C3',
      deviceMac: 'a4:91:b1:0c:22:7f',
      lastReportedAt: sut.clock.now(),
    });
    await createUser(sut, { email: 'csr@example.com' });
    const search = await sut.app.inject({
      method: 'GET',
      url: '/api/search/v1/0c:22',
      headers: { 'x-cah-token': await signedInToken(sut, 'csr@example.com') },
    });
    expect(search.json()).toEqual([
      {
        subscriberName: null,
        subscriberCode: null,
        lineOfServiceCode: 'LOS-REPORT',
        deviceType: 'SR400',
        deviceIdentifier: 'CPE-00A1B2C3',
      },
    ]);
  });

  it('should store a re-sent report once', async () => {
    sut.clock.advanceSeconds(300);
    const body = {
      Report: [{ CollectionTime: collectionTime(), 'Device.DeviceInfo.UpTime': 3900 }],
    };
    expect((await report(body)).json()).toEqual({ accepted: 1, duplicates: 0 });
    const before = await storedReports();
    expect((await report(body)).json()).toEqual({ accepted: 0, duplicates: 1 });
    expect(await storedReports()).toBe(before);
  });

  it('should take several reports per body, in either format, and gzip', async () => {
    sut.clock.advanceSeconds(900);
    const t = collectionTime();
    const body = {
      Report: [
        { CollectionTime: t - 600, 'Device.DeviceInfo.UpTime': 4200 },
        { CollectionTime: t - 300, Device: { DeviceInfo: { UpTime: 4500 } } },
        { CollectionTime: t, Device: { DeviceInfo: { UpTime: 4800, ModelName: 'SR400' } } },
      ],
    };
    const response = await report(gzipSync(JSON.stringify(body)), token, {
      'content-encoding': 'gzip',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 3, duplicates: 0 });
  });

  it('should store the good reports of a body with a bad one, and list the bad one', async () => {
    sut.clock.advanceSeconds(300);
    const before = await storedReports();
    const response = await report({
      Report: [
        { CollectionTime: collectionTime(), 'Device.DeviceInfo.UpTime': 5100 },
        { CollectionTime: collectionTime() + 1, 'Device.DeviceInfo.UpTime': { nested: [1] } },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [
        {
          index: 1,
          path: 'Report[1].Device.DeviceInfo.UpTime.nested',
          message: 'must be a string, number, boolean or object',
        },
      ],
    });
    expect(await storedReports()).toBe(before + 1);
  });

  it('should store nothing of a body whose every report is bad, and say what is wrong', async () => {
    const before = await storedReports();
    const response = await report({
      Report: [{ CollectionTime: collectionTime(), 'Device.DeviceInfo.UpTime': { nested: [1] } }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'REPORT.MALFORMED',
      message:
        'Report[0].Device.DeviceInfo.UpTime.nested must be a string, number, boolean or object.',
    });
    expect(await storedReports()).toBe(before);
  });

  it.each([
    ['JSON that does not parse', '{"Report": [', {}],
    ['a gzip body that is not gzip', 'not gzip at all', { 'content-encoding': 'gzip' }],
  ])('should answer 400 for %s', async (_case, body, headers) => {
    const response = await report(body, token, headers);
    expect(response.statusCode).toBe(400);
  });

  it('should answer 415 for a coding it does not read, naming those it does', async () => {
    const response = await report('{}', token, { 'content-encoding': 'br' });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('REPORT.UNSUPPORTED_ENCODING');
    expect(response.headers['accept-encoding']).toBe('gzip, deflate, compress');
  });

  it('should answer 413 for a body over the limit, counted after gzip is undone', async () => {
    const big = {
      Report: [
        { CollectionTime: collectionTime(), 'Device.DeviceInfo.Description': 'x'.repeat(8000) },
      ],
    };
    const compressed = gzipSync(JSON.stringify(big));
    expect(compressed.length).toBeLessThan(4096);
    const response = await report(compressed, token, { 'content-encoding': 'gzip' });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('REQUEST.TOO_LARGE');
  });

  it('should answer each of many bodies sent at once as if it had come alone', async () => {
    const codes = ['LOS-TOGETHER-1', 'LOS-TOGETHER-2', 'LOS-TOGETHER-3'];
    const lines = await Promise.all(
      codes.map(async (code) => {
        const { reportingUrl } = await sut.app.services.devices.provision(systemActor, code, false);
        return reportingUrl.split('/').at(-1) ?? '';
      }),
    );
    sut.clock.advanceSeconds(300);
    const t = collectionTime();
    const before = await storedReports();
    const responses = await Promise.all([
      ...lines.map((lineToken) =>
        report({ Report: [{ CollectionTime: t, ...identity }] }, lineToken),
      ),
      // The same gateway twice: a body and its re-send, applied one after the other.
      report({ Report: [{ CollectionTime: t, ...identity }] }, lines[0]),
      report({ Report: [{ CollectionTime: t, ...identity }] }, 'f'.repeat(32)),
      report({ Report: [{ CollectionTime: 'soon', ...identity }] }, lines[1]),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 200, 200, 200, 401, 400,
    ]);
    expect(responses.slice(0, 4).map((response) => response.json())).toEqual([
      { accepted: 1, duplicates: 0 },
      { accepted: 1, duplicates: 0 },
      { accepted: 1, duplicates: 0 },
      { accepted: 0, duplicates: 1 },
    ]);
    expect(await storedReports()).toBe(before + 3);
    for (const code of codes) await sut.app.services.devices.deprovision(systemActor, code);
  });

  it('should refuse a report with a string PostgreSQL cannot store, and store nothing of it', async () => {
    const before = await storedReports();
    const response = await report({
      Report: [{ CollectionTime: collectionTime(), 'Device.Hosts.Host.1.HostName': 'tv\u0000' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('REQUEST.INVALID_STRING');
    expect(await storedReports()).toBe(before);
  });

  it('should refuse the old URL after re-provisioning, and any after deprovisioning', async () => {
    const fresh = await sut.app.services.devices.provision(systemActor, 'LOS-REPORT', false);
    const newToken = fresh.reportingUrl.split('/').at(-1) ?? '';
    sut.clock.advanceSeconds(300);
    const body = {
      Report: [
        {
          CollectionTime: collectionTime(),
          'Device.DeviceInfo.UpTime': 10,
          'Device.Hosts.Host.1.PhysAddress': 'aa:bb:cc:00:00:01',
        },
      ],
    };
    expect((await report(body)).statusCode).toBe(401);
    expect((await report(body, newToken)).statusCode).toBe(200);
    const tierRows = async () => {
      let rows = 0;
      for (const table of tierTables) {
        const [row] = await sut.database.db.select({ total: count() }).from(table);
        rows += row?.total ?? 0;
      }
      return rows;
    };
    expect(await tierRows()).toBeGreaterThan(0);
    await sut.app.services.devices.deprovision(systemActor, 'LOS-REPORT');
    expect((await report(body, newToken)).statusCode).toBe(401);
    expect(await storedReports()).toBe(0);
    // The tier tables have no foreign key to cascade: deprovisioning deletes their rows.
    expect(await tierRows()).toBe(0);
  });
});
