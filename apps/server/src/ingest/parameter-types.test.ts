import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { systemActor } from '../modules/audit/actor';
import { gatewayReports, gatewayState, hostMetrics, linesOfService } from '../db/schema';
import type { ParameterValue } from './report-format';
import { checkParameterValues, maxRowsPerTable, typedParameterPaths } from './parameter-types';

const collectionTime = Date.UTC(2026, 0, 1, 12) / 1000;

/** The parameters after the check, or the problem it found. */
function checked(parameters: Record<string, ParameterValue>) {
  const map = new Map(Object.entries(parameters));
  const problem = checkParameterValues(map, collectionTime);
  return problem ?? Object.fromEntries(map);
}

describe(checkParameterValues.name, () => {
  it('should read numbers sent as strings as numbers', () => {
    expect(
      checked({
        'Device.DeviceInfo.UpTime': '3600',
        'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.2.Value': ' -274 ',
        'Device.Hosts.Host.7.WANStats.BytesSent': '1.2e3',
      }),
    ).toEqual({
      'Device.DeviceInfo.UpTime': 3600,
      'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.2.Value': -274,
      'Device.Hosts.Host.7.WANStats.BytesSent': 1200,
    });
  });

  it('should round a fraction of a whole-number type to the nearest whole number', () => {
    expect(
      checked({
        'Device.DeviceInfo.UpTime': 1.5,
        'Device.Hosts.Host.1.WANStats.BytesSent': 1.4,
        'Device.BulkData.Profile.1.ReportingInterval': '299.7',
      }),
    ).toEqual({
      'Device.DeviceInfo.UpTime': 2,
      'Device.Hosts.Host.1.WANStats.BytesSent': 1,
      'Device.BulkData.Profile.1.ReportingInterval': 300,
    });
  });

  it('should keep a 64-bit counter up to 2^64 - 1, as a number or a string', () => {
    expect(
      checked({
        'Device.Hosts.Host.1.WANStats.BytesSent': 2 ** 64 - 1,
        'Device.Hosts.Host.1.WANStats.BytesReceived': '18446744073709551615',
        'Device.DOCSIS.DownstreamChannel.3.SignalQuality.ExtCorrecteds': 2 ** 53 + 2,
      }),
    ).toEqual({
      'Device.Hosts.Host.1.WANStats.BytesSent': 2 ** 64,
      'Device.Hosts.Host.1.WANStats.BytesReceived': 2 ** 64,
      'Device.DOCSIS.DownstreamChannel.3.SignalQuality.ExtCorrecteds': 2 ** 53 + 2,
    });
  });

  it('should read true, false, 1 and 0, as strings or not, as booleans', () => {
    expect(
      checked({
        'Device.Hosts.Host.1.Active': 'true',
        'Device.Hosts.Host.2.Active': '0',
        'Device.Hosts.Host.3.Active': 1,
        'Device.Hosts.Host.4.Active': 'False',
        'Device.WiFi.SSID.1.Enable': false,
      }),
    ).toEqual({
      'Device.Hosts.Host.1.Active': true,
      'Device.Hosts.Host.2.Active': false,
      'Device.Hosts.Host.3.Active': true,
      'Device.Hosts.Host.4.Active': false,
      'Device.WiFi.SSID.1.Enable': false,
    });
  });

  it(`should take ${maxRowsPerTable} rows of a table, and any number of a table it does not read`, () => {
    const rows = (table: string, count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, index) => [`${table}.${index + 1}.Value`, index]),
      );
    expect(
      checked({
        ...rows('Device.DeviceInfo.TemperatureStatus.TemperatureSensor', maxRowsPerTable),
        ...rows('Device.X_OTHER_Table', maxRowsPerTable + 1),
      }),
    ).not.toHaveProperty('message');
    expect(
      checked(rows('Device.DeviceInfo.TemperatureStatus.TemperatureSensor', maxRowsPerTable + 1)),
    ).toEqual({
      path: 'Device.DeviceInfo.TemperatureStatus.TemperatureSensor',
      message: `holds more than ${maxRowsPerTable} rows`,
    });
    const associated = Object.fromEntries(
      Array.from({ length: maxRowsPerTable + 1 }, (_, index) => [
        `Device.WiFi.AccessPoint.2.AssociatedDevice.${index + 1}.SignalStrength`,
        -60,
      ]),
    );
    expect(checked(associated)).toEqual({
      path: 'Device.WiFi.AccessPoint.2.AssociatedDevice',
      message: `holds more than ${maxRowsPerTable} rows`,
    });
  });

  it('should leave what it does not read, strings and empty values as they are', () => {
    const parameters = {
      'Device.DeviceInfo.Description': 1.5,
      'Device.Hosts.Host.1.HostName': 42,
      'Device.DeviceInfo.UpTime': '',
      'Device.Hosts.Host.1.Active': '',
      'Device.X_OTHER_Value': 'NaN',
    };
    expect(checked(parameters)).toEqual(parameters);
  });

  const sensor = 'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value';
  it.each([
    [sensor, 2147483648, 'must be a whole number from -214748364 to 214748364'],
    [sensor, 214748365, 'must be a whole number from -214748364 to 214748364'],
    [
      'Device.DeviceInfo.X_LINESIGHT_WANType',
      2 ** 31,
      'must be a whole number from 0 to 2147483647',
    ],
    ['Device.DeviceInfo.UpTime', -1, 'must be a whole number from 0 to 4294967295'],
    ['Device.DeviceInfo.UpTime', 2 ** 32, 'must be a whole number from 0 to 4294967295'],
    ['Device.DeviceInfo.UpTime', collectionTime, 'puts its start before 2000'],
    ['Device.DSL.Line.1.LastChange', collectionTime - 946_684_799, 'puts its start before 2000'],
    ['Device.DeviceInfo.UpTime', 'NaN', 'must be a whole number from 0 to 4294967295'],
    ['Device.DeviceInfo.UpTime', 'Infinity', 'must be a whole number from 0 to 4294967295'],
    ['Device.DeviceInfo.UpTime', '1e400', 'must be a whole number from 0 to 4294967295'],
    ['Device.DeviceInfo.UpTime', '0x10', 'must be a whole number from 0 to 4294967295'],
    ['Device.DeviceInfo.UpTime', true, 'must be a whole number from 0 to 4294967295'],
    [
      'Device.BulkData.Profile.1.ReportingInterval',
      2 ** 31,
      'must be a whole number from 0 to 2147483647',
    ],
    [
      'Device.WiFi.AccessPoint.1.AssociatedDevice.1.SignalStrength',
      -(2 ** 31) - 1,
      'must be a whole number from -2147483648 to 2147483647',
    ],
    [
      'Device.Hosts.Host.1.WANStats.BytesSent',
      2 ** 65,
      'must be a whole number from 0 to 2^64 - 1',
    ],
    ['Device.Hosts.Host.1.WANStats.BytesSent', -1, 'must be a whole number from 0 to 2^64 - 1'],
    ['Device.Hosts.Host.1.Active', 'yes', 'must be true, false, 1 or 0'],
    ['Device.DSL.Line.2147483648.Status', 'Up', 'has an instance number over 2147483647'],
  ])('should refuse %s of %s, saying why', (path, value, message) => {
    expect(checked({ 'Device.DeviceInfo.ModelName': 'SR400', [path]: value })).toEqual({
      path,
      message,
    });
  });
});

describe('the collector, POST /report/v1/{token}, with values out of range', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  let lines = 0;
  /** A fresh line: its id and reporting token. */
  const provision = async (): Promise<{ id: string; token: string }> => {
    lines += 1;
    const code = `LOS-VALUES-${lines}`;
    const { reportingUrl } = await sut.app.services.devices.provision(systemActor, code, false);
    const [line] = await sut.database.db
      .select({ id: linesOfService.id })
      .from(linesOfService)
      .where(eq(linesOfService.lineOfServiceCode, code));
    return { id: line?.id ?? '', token: reportingUrl.split('/').at(-1) ?? '' };
  };
  const post = (token: string, reports: Record<string, unknown>[]) =>
    sut.app.inject({
      method: 'POST',
      url: `/report/v1/${token}`,
      payload: { Report: reports },
    });
  const storedReports = async (): Promise<number> => {
    const [row] = await sut.database.db.select({ total: count() }).from(gatewayReports);
    return row?.total ?? 0;
  };
  const seconds = (): number => Math.floor(sut.clock.now().getTime() / 1000);
  const host = 'Device.Hosts.Host.1.';
  const firstReport = () => ({
    CollectionTime: seconds() - 60,
    [`${host}PhysAddress`]: 'aa:bb:cc:00:00:01',
    [`${host}WANStats.BytesSent`]: 1,
  });

  describe('the values of finding 3', () => {
    it('should store an UpTime of 1.5 as 2 s', async () => {
      const { id, token } = await provision();
      const response = await post(token, [
        { CollectionTime: seconds(), 'Device.DeviceInfo.UpTime': 1.5 },
      ]);
      expect(response.statusCode).toBe(200);
      const [state] = await sut.database.db
        .select()
        .from(gatewayState)
        .where(eq(gatewayState.lineId, id));
      expect(state?.uptimeSeconds).toBe(2);
    });

    it("should count a host's BytesSent of 1.5 after 1 as 1 byte", async () => {
      const { id, token } = await provision();
      expect((await post(token, [firstReport()])).statusCode).toBe(200);
      const response = await post(token, [
        {
          CollectionTime: seconds(),
          [`${host}PhysAddress`]: 'aa:bb:cc:00:00:01',
          [`${host}WANStats.BytesSent`]: 1.5,
        },
      ]);
      expect(response.statusCode).toBe(200);
      const rows = await sut.database.db
        .select({ bytesOut: hostMetrics.bytesOut })
        .from(hostMetrics)
        .where(eq(hostMetrics.lineId, id));
      expect(rows.reduce((sum, row) => sum + row.bytesOut, 0)).toBe(1);
    });

    it('should take a ReportingInterval of 0.1 as none given', async () => {
      const { id, token } = await provision();
      const response = await post(token, [
        { CollectionTime: seconds(), 'Device.BulkData.Profile.1.ReportingInterval': 0.1 },
      ]);
      expect(response.statusCode).toBe(200);
      const [state] = await sut.database.db
        .select()
        .from(gatewayState)
        .where(eq(gatewayState.lineId, id));
      expect(state?.reportingIntervalSeconds).toBeNull();
    });

    it.each([
      [
        'a temperature',
        'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value',
        'must be a whole number from -214748364 to 214748364',
      ],
      [
        'an X_LINESIGHT_WANType',
        'Device.DeviceInfo.X_LINESIGHT_WANType',
        'must be a whole number from 0 to 2147483647',
      ],
    ])(
      'should refuse %s of 2147483648 naming the path, and store nothing',
      async (_case, path, why) => {
        const { token } = await provision();
        const before = await storedReports();
        const response = await post(token, [{ CollectionTime: seconds(), [path]: 2147483648 }]);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toEqual({
          code: 'REPORT.MALFORMED',
          message: `Report[0].${path} ${why}.`,
        });
        expect(await storedReports()).toBe(before);
      },
    );

    it('should store the good reports of a body and answer the one holding such a value as rejected', async () => {
      const { token } = await provision();
      const before = await storedReports();
      const path = 'Device.DeviceInfo.X_LINESIGHT_WANType';
      const response = await post(token, [
        { CollectionTime: seconds() - 60, 'Device.DeviceInfo.UpTime': 60 },
        { CollectionTime: seconds(), [path]: 2147483648 },
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        accepted: 1,
        duplicates: 0,
        rejected: [
          {
            index: 1,
            path: `Report[1].${path}`,
            message: 'must be a whole number from 0 to 2147483647',
          },
        ],
      });
      expect(await storedReports()).toBe(before + 1);
    });
  });

  it(`should refuse a report listing more than ${maxRowsPerTable} hosts, naming the table`, async () => {
    const { token } = await provision();
    const hosts = Object.fromEntries(
      Array.from({ length: maxRowsPerTable + 1 }, (_, index) => [
        String(index + 1),
        { PhysAddress: (index + 1).toString(16).padStart(12, '0') },
      ]),
    );
    const before = await storedReports();
    const response = await post(token, [
      { CollectionTime: seconds(), Device: { Hosts: { Host: hosts } } },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      `Report[0].Device.Hosts.Host holds more than ${maxRowsPerTable} rows.`,
    );
    expect(await storedReports()).toBe(before);
  });

  const extremes: ParameterValue[] = [
    0,
    -1,
    0.5,
    1.5,
    -2.5,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32 - 1,
    2 ** 32,
    2 ** 53,
    2 ** 63,
    2 ** 64,
    -(2 ** 63),
    1e308,
    -1e308,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '0x10',
    ' 42 ',
    '',
    'true',
    'True',
    '1',
    '18446744073709551615',
    'x'.repeat(100_000),
    true,
    false,
  ];
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...extremes) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.string() },
  );
  const instance = fc.oneof(
    { weight: 6, arbitrary: fc.constant('1') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('0', '2', '2147483647', '2147483648', '99999999999999999999'),
    },
  );
  const parameter = fc
    .tuple(fc.constantFrom(...typedParameterPaths), instance, value)
    .map(([path, number, parameterValue]) => [path.replaceAll('{i}', number), parameterValue]);

  it('should answer any values on every typed path with 200 or a 400 naming it, storing nothing then', async () => {
    const { token } = await provision();
    // What the values land beside: a host, a DSL line and channel, a DOCSIS channel, a radio.
    const baseline = {
      'Device.DeviceInfo.UpTime': 86_400,
      'Device.Hosts.Host.1.PhysAddress': 'aa:bb:cc:00:00:01',
      'Device.Hosts.Host.1.WANStats.BytesSent': 1000,
      'Device.DSL.Line.1.Status': 'Up',
      'Device.DSL.Line.1.X_LINESIGHT_Retrains': 0,
      'Device.DSL.Channel.1.LowerLayers': 'Device.DSL.Line.1',
      'Device.DSL.Channel.1.X_LINESIGHT_RtxCds': 10,
      'Device.DOCSIS.DownstreamChannel.1.ID': 1,
      'Device.WiFi.Radio.1.OperatingFrequencyBand': '5GHz',
    };
    expect((await post(token, [{ CollectionTime: seconds(), ...baseline }])).statusCode).toBe(200);
    await fc.assert(
      fc.asyncProperty(fc.array(parameter, { minLength: 1, maxLength: 6 }), async (parameters) => {
        sut.clock.advanceSeconds(60);
        const before = await storedReports();
        const response = await post(token, [
          { CollectionTime: seconds(), ...baseline, ...Object.fromEntries(parameters) },
        ]);
        expect(response.statusCode === 200 || response.statusCode === 400).toBe(true);
        if (response.statusCode === 400) {
          expect(response.json().error.code).toBe('REPORT.MALFORMED');
          expect(response.json().error.message).toMatch(/^Report\[0\]\.Device\./);
          expect(await storedReports()).toBe(before);
        } else {
          expect(await storedReports()).toBe(before + 1);
        }
      }),
      { numRuns: 150 },
    );
  });
});
