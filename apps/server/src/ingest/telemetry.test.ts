import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { gatewayEvents, gatewayMetrics, gatewayState, hostMetrics } from '../db/schema';
import { applyRetention } from '../jobs/telemetry.jobs';
import { counterDelta, gatewaySampleOf, hostSamplesOf } from './normalise';
import { rebootBetween } from './telemetry-batch';
import { segmentsOf, SeriesRepository } from '../telemetry/series.repository';
import { TelemetryRepository } from '../telemetry/telemetry.repository';
import { systemActor } from '../modules/audit/actor';

const laptop = 'aa:bb:cc:00:00:01';
const tv = 'aa:bb:cc:00:00:02';

/** A report in NameValuePair form, with a WiFi laptop on 5 GHz and a wired TV. */
function reportAt(
  seconds: number,
  options: { uptime: number; laptopSent: number; laptopReceived: number; tvActive?: boolean },
) {
  return {
    CollectionTime: seconds,
    'Device.DeviceInfo.UpTime': options.uptime,
    'Device.DeviceInfo.ProcessStatus.CPUUsage': 40,
    'Device.DeviceInfo.MemoryStatus.Total': 512000,
    'Device.DeviceInfo.MemoryStatus.Free': 128000,
    'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value': 51,
    'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.2.Value': -274,
    'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
    'Device.WiFi.SSID.3.LowerLayers': 'Device.WiFi.Radio.2.',
    'Device.WiFi.SSID.3.SSID': 'HomeNet-5G',
    'Device.WiFi.AccessPoint.3.SSIDReference': 'Device.WiFi.SSID.3.',
    'Device.WiFi.AccessPoint.3.AssociatedDevice.1.MACAddress': 'AA:BB:CC:00:00:01',
    'Device.WiFi.AccessPoint.3.AssociatedDevice.1.SignalStrength': -58,
    'Device.WiFi.AccessPoint.3.AssociatedDevice.1.LastDataDownlinkRate': 433000,
    'Device.WiFi.AccessPoint.3.AssociatedDevice.1.LastDataUplinkRate': 200000,
    'Device.WiFi.AccessPoint.3.AssociatedDevice.1.OperatingStandard': 'ac',
    'Device.Hosts.Host.1.PhysAddress': 'AA:BB:CC:00:00:01',
    'Device.Hosts.Host.1.HostName': 'ada-laptop',
    'Device.Hosts.Host.1.Active': true,
    'Device.Hosts.Host.1.Layer1Interface': 'Device.WiFi.SSID.3',
    'Device.Hosts.Host.1.IPv4Address.1.IPAddress': '192.168.1.20',
    'Device.Hosts.Host.1.WANStats.BytesSent': options.laptopSent,
    'Device.Hosts.Host.1.WANStats.BytesReceived': options.laptopReceived,
    'Device.Hosts.Host.2.PhysAddress': 'aa-bb-cc-00-00-02',
    'Device.Hosts.Host.2.HostName': 'living-room-tv',
    'Device.Hosts.Host.2.Active': options.tvActive ?? true,
    'Device.Hosts.Host.2.Layer1Interface': 'Device.Ethernet.Interface.2',
  };
}

describe('normalising a report', () => {
  it('should take the hottest sensor in tenths of °C and ignore -274, "no reading"', () => {
    const sample = gatewaySampleOf(
      new Map<string, string | number | boolean>([
        ['Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value', 48],
        ['Device.DeviceInfo.TemperatureStatus.TemperatureSensor.2.Value', 61],
        ['Device.DeviceInfo.TemperatureStatus.TemperatureSensor.3.Value', -274],
      ]),
    );
    expect(sample.temperatureTenths).toBe(610);
    const none = gatewaySampleOf(
      new Map([['Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value', -274]]),
    );
    expect(none.temperatureTenths).toBeNull();
  });

  it('should find a host’s band through its access point, SSID and radio', () => {
    const hosts = hostSamplesOf(
      new Map(Object.entries(reportAt(1, { uptime: 1, laptopSent: 0, laptopReceived: 0 }))),
    );
    expect(hosts).toEqual([
      expect.objectContaining({
        mac: laptop,
        connectionType: 'WiFi',
        wifiBand: '5GHz',
        wifiNetwork: 'HomeNet-5G',
        signalDbm: -58,
        downlinkKbps: 433000,
        ipv4Addresses: ['192.168.1.20'],
      }),
      expect.objectContaining({
        mac: tv,
        connectionType: 'Ethernet',
        wifiBand: null,
        wifiNetwork: null,
        signalDbm: null,
      }),
    ]);
  });

  it('should take a WiFi host’s network from its Layer1Interface when no access point lists it', () => {
    const [host] = hostSamplesOf(
      new Map<string, string | boolean>([
        ['Device.WiFi.SSID.1.SSID', 'HomeNet'],
        ['Device.Hosts.Host.1.PhysAddress', 'AA:BB:CC:00:00:03'],
        ['Device.Hosts.Host.1.Active', true],
        ['Device.Hosts.Host.1.Layer1Interface', 'Device.WiFi.SSID.1.'],
      ]),
    );
    expect(host).toMatchObject({ connectionType: 'WiFi', wifiNetwork: 'HomeNet' });
  });

  it.each([
    ['growth', 100, 250, false, 150],
    ['a counter that went down (wrap, restart)', 5000, 300, false, 300],
    ['a reboot, even when the counter is higher again', 100, 900, true, 900],
    ['no earlier reading', null, 900, false, null],
    ['a jump past 2^48 bytes (a glitch), counted as 2^48', 0, 2 ** 64, false, 2 ** 48],
    ['an earlier reading stored with a fraction, as a whole number', 1.5, 3, false, 2],
  ] as const)(
    'should take a counter delta on %s without a negative or a spike',
    (_case, previous, current, rebooted, expected) => {
      expect(counterDelta(previous, current, rebooted)).toBe(expected);
    },
  );
});

describe(rebootBetween.name, () => {
  const previous = { reportedAt: new Date(Date.UTC(2026, 0, 1, 12)), uptimeSeconds: 3600 };
  const after = (seconds: number) => new Date(previous.reportedAt.getTime() + seconds * 1000);

  it('should see no reboot while UpTime grows with the clock, give or take rounding', () => {
    expect(rebootBetween(previous, after(300), 3900)).toBeNull();
    expect(rebootBetween(previous, after(300), 3899)).toBeNull();
  });

  it('should see a reboot when UpTime went back, at the new boot time', () => {
    expect(rebootBetween(previous, after(300), 60)).toEqual(after(240));
  });

  it('should see a reboot a long gap hides, where UpTime grew past the old value again', () => {
    expect(rebootBetween(previous, after(7200), 5000)).toEqual(after(2200));
  });

  it('should not guess without both UpTimes', () => {
    expect(rebootBetween(undefined, after(300), 60)).toBeNull();
    expect(rebootBetween({ ...previous, uptimeSeconds: null }, after(300), 60)).toBeNull();
  });
});

describe('storing telemetry', () => {
  let sut: TestApp;
  let token: string;
  let lineId: string;
  const t0 = Date.UTC(2026, 0, 1, 12) / 1000;
  /** Long after every bucket of the reports has closed. */
  const aDayLater = () => new Date((t0 + 86_400) * 1000);

  beforeAll(async () => {
    sut = await createTestApp();
    const provisioned = await sut.app.services.devices.provision(systemActor, 'LOS-T', false);
    token = provisioned.reportingUrl.split('/').at(-1) ?? '';
    sut.clock.advanceSeconds(3 * 3600);
    const post = (reports: object[]) =>
      sut.app.inject({ method: 'POST', url: `/report/v1/${token}`, payload: { Report: reports } });
    expect(
      (await post([reportAt(t0, { uptime: 1000, laptopSent: 1000, laptopReceived: 5000 })]))
        .statusCode,
    ).toBe(200);
    expect(
      (await post([reportAt(t0 + 300, { uptime: 1300, laptopSent: 3000, laptopReceived: 15000 })]))
        .statusCode,
    ).toBe(200);
    // Rebooted: UpTime 60 s, counters restarted from zero; the TV has gone.
    const afterReboot = {
      ...reportAt(t0 + 600, { uptime: 60, laptopSent: 400, laptopReceived: 700 }),
    } as Record<string, unknown>;
    for (const key of Object.keys(afterReboot))
      if (key.startsWith('Device.Hosts.Host.2.')) delete afterReboot[key];
    expect((await post([afterReboot])).statusCode).toBe(200);
    // A re-send of the first report changes nothing.
    expect(
      (await post([reportAt(t0, { uptime: 1000, laptopSent: 1000, laptopReceived: 5000 })])).json(),
    ).toEqual({ accepted: 0, duplicates: 1 });
    const [state] = await sut.database.db.select().from(gatewayState);
    lineId = state?.lineId ?? '';
  });
  afterAll(() => sut.close());

  const db = () => sut.database.db;

  it('should keep the gateway’s health per 60 s bucket as exact sums', async () => {
    const rows = await db()
      .select()
      .from(gatewayMetrics)
      .where(eq(gatewayMetrics.tier, 60))
      .orderBy(asc(gatewayMetrics.bucket));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      cpuSum: 40,
      cpuSamples: 1,
      ramTotalKibSum: 512000,
      ramFreeKibSum: 128000,
      temperatureTenthsSum: 510,
      temperatureSamples: 1,
      uptimeMaxSeconds: 1000,
    });
  });

  it('should record the reboot when UpTime went back, at the report time less the new UpTime', async () => {
    const reboots = await db()
      .select({ lineId: gatewayEvents.lineId, at: gatewayEvents.at })
      .from(gatewayEvents)
      .where(eq(gatewayEvents.kind, 'reboot'));
    expect(reboots).toEqual([{ lineId, at: new Date((t0 + 600 - 60) * 1000) }]);
  });

  it('should store byte deltas: none from the first reading, growth after, the counter itself after a reboot', async () => {
    const rows = await db()
      .select({
        bucket: hostMetrics.bucket,
        bytesIn: hostMetrics.bytesIn,
        bytesOut: hostMetrics.bytesOut,
        signalDbmSum: hostMetrics.signalDbmSum,
      })
      .from(hostMetrics)
      .where(and(eq(hostMetrics.tier, 60), eq(hostMetrics.mac, laptop)))
      .orderBy(asc(hostMetrics.bucket));
    expect(rows.map((row) => [row.bytesIn, row.bytesOut])).toEqual([
      [0, 0],
      [10000, 2000],
      [700, 400],
    ]);
    expect(rows.every((row) => row.signalDbmSum === -58)).toBe(true);
  });

  it('should keep each host’s latest state, with first connected and last online', async () => {
    const hosts = await new TelemetryRepository(db()).lanHosts(lineId);
    expect(hosts).toEqual([
      expect.objectContaining({
        mac: laptop,
        hostName: 'ada-laptop',
        active: true,
        connectionType: 'WiFi',
        wifiBand: '5GHz',
        firstConnectedAt: new Date(t0 * 1000),
        lastOnlineAt: new Date((t0 + 600) * 1000),
      }),
      expect.objectContaining({
        mac: tv,
        active: false,
        connectionType: 'Ethernet',
        lastOnlineAt: new Date((t0 + 300) * 1000),
      }),
    ]);
  });

  it('should read a span’s buckets not yet built from the tiers below, and the same once built', async () => {
    const reader = new SeriesRepository(db());
    const month = { tier: 28800, from: new Date((t0 - 86_400) * 1000), to: aDayLater() } as const;
    const laptopMonth = async () =>
      (await reader.hostSeries(lineId, month)).filter((point) => point.mac === laptop);
    const expected = [
      {
        bucket: new Date(Math.floor(t0 / 28800) * 28800 * 1000),
        mac: laptop,
        bytesIn: 10700,
        bytesOut: 2400,
        signalDbm: -58,
        downlinkKbps: 433000,
        uplinkKbps: 200000,
      },
    ];
    expect(await laptopMonth()).toEqual(expected);
    expect(await new TelemetryRepository(db()).rollUp(aDayLater())).toEqual({
      built: { 900: 1, 7200: 1, 28800: 1 },
    });
    expect(await laptopMonth()).toEqual(expected);
  });

  it('should roll the 60 s tier up into 900, 7200 and 28800 s buckets, exactly', async () => {
    const telemetry = new TelemetryRepository(db());
    // The read before has rolled them up once already: a run with nothing pending builds nothing.
    expect(await telemetry.rollUp(aDayLater())).toEqual({ built: { 900: 0, 7200: 0, 28800: 0 } });
    for (const tier of [900, 7200, 28800]) {
      const [gateway] = await db()
        .select()
        .from(gatewayMetrics)
        .where(eq(gatewayMetrics.tier, tier));
      expect(gateway).toMatchObject({
        cpuSum: 120,
        cpuSamples: 3,
        temperatureTenthsSum: 1530,
        uptimeMaxSeconds: 1300,
      });
      const [host] = await db()
        .select()
        .from(hostMetrics)
        .where(and(eq(hostMetrics.tier, tier), eq(hostMetrics.mac, laptop)));
      expect(host).toMatchObject({ bytesIn: 10700, bytesOut: 2400, signalSamples: 3 });
    }
  });

  it('should rebuild a rolled-up bucket when a late report lands in it', async () => {
    const late = reportAt(t0 + 120, { uptime: 1120, laptopSent: 1500, laptopReceived: 6000 });
    const response = await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${token}`,
      payload: { Report: [late] },
    });
    expect(response.json()).toEqual({ accepted: 1, duplicates: 0 });
    await new TelemetryRepository(db()).rollUp(aDayLater());
    const [gateway] = await db().select().from(gatewayMetrics).where(eq(gatewayMetrics.tier, 900));
    expect(gateway).toMatchObject({ cpuSum: 160, cpuSamples: 4 });
  });

  it('should delete each tier’s buckets past its retention, once the tiers above are built', async () => {
    const telemetry = new TelemetryRepository(db());
    const retention = { 60: 2, 900: 14, 7200: 90, 28800: 400 } as const;
    const minutes = () => db().select().from(gatewayMetrics).where(eq(gatewayMetrics.tier, 60));
    // A report arriving late, its 900 s bucket pending when retention comes round.
    const late = reportAt(t0 + 240, { uptime: 1240, laptopSent: 1600, laptopReceived: 6500 });
    await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${token}`,
      payload: { Report: [late] },
    });
    sut.clock.advanceSeconds(3 * 24 * 3600);
    await applyRetention(telemetry, retention, sut.clock);
    expect(await minutes()).toHaveLength(5);
    await telemetry.rollUp(sut.clock.now());
    const [quarter] = await db().select().from(gatewayMetrics).where(eq(gatewayMetrics.tier, 900));
    expect(quarter).toMatchObject({ cpuSamples: 5 });
    await applyRetention(telemetry, retention, sut.clock);
    expect(await minutes()).toEqual([]);
    expect(
      await db().select().from(gatewayMetrics).where(eq(gatewayMetrics.tier, 900)),
    ).toHaveLength(1);
  });
});

describe(segmentsOf.name, () => {
  const at = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour));
  const marks = new Map([
    [900, at(10)],
    [7200, at(8)],
    [28800, at(8)],
  ]);

  it('should read a month from its tier up to the mark, then from each tier below', () => {
    expect(segmentsOf({ tier: 28800, from: at(0), to: at(11) }, marks)).toEqual([
      { tier: 28800, from: at(0), to: at(8) },
      { tier: 900, from: at(8), to: at(10) },
      { tier: 60, from: at(10), to: at(11) },
    ]);
  });

  it('should read all of a span that ends before the mark from its own tier', () => {
    expect(segmentsOf({ tier: 900, from: at(2), to: at(4) }, marks)).toEqual([
      { tier: 900, from: at(2), to: at(4) },
    ]);
  });

  it('should read from the 60 s tier when nothing is built yet', () => {
    expect(segmentsOf({ tier: 7200, from: at(2), to: at(4) }, new Map())).toEqual([
      { tier: 60, from: at(2), to: at(4) },
    ]);
  });
});
