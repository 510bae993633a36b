import { apiPaths, type MacCountersResponse, type MacSeries } from '@linesight/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedHouseholds, type TestApp } from '../../../test/test-app';
import { TelemetryRepository } from '../../telemetry/telemetry.repository';

/**
 * The bandwidth routes against a month of reports the test posts: every 2 hours for 29 days,
 * then every 5 minutes for the last day, each carrying byte counters that rose by amounts the
 * test knows, a WiFi signal and link rates. Each series read back is what the reports make of
 * it, bucket by bucket, as the chart draws it.
 */

const phone = '3c:22:fb:00:00:01';
const laptop = 'f8:bc:12:00:00:02';
const nameless = 'a8:23:fe:00:00:03';
const consumerPassphrase = 'Garden-Gnome-42!';
const day = 86_400;

/** The test clock's start (ManualClock's), epoch seconds; the last report comes 4 minutes on. */
const start = Date.UTC(2026, 0, 1, 12) / 1000;
const lastReportAt = start + 240;
const now = start + 250;
const bootAt = lastReportAt - 40 * day;

/** Report times, oldest first: every 2 h for 29 days, then every 5 minutes for the last day. */
const reportTimes: number[] = [];
for (let at = lastReportAt - 30 * day; at < lastReportAt - day; at += 7200) reportTimes.push(at);
for (let at = lastReportAt - day; at <= lastReportAt; at += 300) reportTimes.push(at);

/** What report `index` adds to each counter and what it reads, all varying report by report. */
const reading = (index: number) => ({
  phoneReceived: 1_000 * ((index % 7) + 1),
  phoneSent: 100 * ((index % 5) + 1),
  laptopReceived: 500,
  laptopSent: 50,
  signalDbm: -40 - (index % 4) * 5,
  downlinkKbps: 866_000 - (index % 2) * 100_000,
  uplinkKbps: 400_000 + (index % 3) * 1_000,
});

/** Counters as reported: the sum of every report's addition so far, from a starting value. */
function countersAt(index: number) {
  const counters = { phoneReceived: 5e6, phoneSent: 2e5, laptopReceived: 7e5, laptopSent: 3e4 };
  for (let i = 0; i <= index; i++) {
    const added = reading(i);
    counters.phoneReceived += added.phoneReceived;
    counters.phoneSent += added.phoneSent;
    counters.laptopReceived += added.laptopReceived;
    counters.laptopSent += added.laptopSent;
  }
  return counters;
}

/** A gateway with a phone on 5 GHz WiFi, a cabled laptop and a host that gives no name. */
function reportAt(index: number): Record<string, unknown> {
  const at = reportTimes[index] ?? 0;
  const counters = countersAt(index);
  const { signalDbm, downlinkKbps, uplinkKbps } = reading(index);
  return {
    CollectionTime: at,
    'Device.DeviceInfo.ModelName': 'XG6846',
    'Device.DeviceInfo.SerialNumber': 'SN-BANDWIDTH',
    'Device.DeviceInfo.UpTime': at - bootAt,
    'Device.BulkData.Profile.1.ReportingInterval': 300,
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.MACAddress': phone,
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.SignalStrength': signalDbm,
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.LastDataDownlinkRate': downlinkKbps,
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.LastDataUplinkRate': uplinkKbps,
    'Device.Hosts.Host.1.PhysAddress': phone,
    'Device.Hosts.Host.1.HostName': 'Ada-iPhone',
    'Device.Hosts.Host.1.Active': true,
    'Device.Hosts.Host.1.Layer1Interface': 'Device.WiFi.SSID.2',
    'Device.Hosts.Host.1.WANStats.BytesSent': counters.phoneSent,
    'Device.Hosts.Host.1.WANStats.BytesReceived': counters.phoneReceived,
    'Device.Hosts.Host.2.PhysAddress': laptop,
    'Device.Hosts.Host.2.HostName': 'dell-xps-laptop',
    'Device.Hosts.Host.2.Active': true,
    'Device.Hosts.Host.2.Layer1Interface': 'Device.Ethernet.Interface.2',
    'Device.Hosts.Host.2.WANStats.BytesSent': counters.laptopSent,
    'Device.Hosts.Host.2.WANStats.BytesReceived': counters.laptopReceived,
    'Device.Hosts.Host.3.PhysAddress': nameless,
    'Device.Hosts.Host.3.Active': false,
    'Device.Hosts.Host.3.Layer1Interface': 'Device.Ethernet.Interface.3',
  };
}

/**
 * The series the chart should draw for a host over `points` buckets of `tier` from `startTime`:
 * in a bucket with reports, the bytes they added (the first report adds nothing: a counter's
 * first reading has no delta) and the averages of what they read; null in one with none.
 */
function expectedSeries(
  host: 'phone' | 'laptop' | 'nameless',
  tier: number,
  startTime: number,
  points: number,
): MacSeries {
  const series: MacSeries = {
    startTime,
    intervalSeconds: tier,
    inBytes: Array<number | null>(points).fill(null),
    outBytes: Array<number | null>(points).fill(null),
    rssi: Array<number | null>(points).fill(null),
    rxRate: Array<number | null>(points).fill(null),
    txRate: Array<number | null>(points).fill(null),
  };
  const readings = new Map<number, number[]>();
  reportTimes.forEach((at, index) => {
    const bucket = (Math.floor(at / tier) * tier * 1000 - startTime) / (tier * 1000);
    if (bucket < 0 || bucket >= points) return;
    readings.set(bucket, [...(readings.get(bucket) ?? []), index]);
  });
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  for (const [bucket, indexes] of readings) {
    const added = indexes.map((index) => (index === 0 ? null : reading(index)));
    const sum = (pick: (r: ReturnType<typeof reading>) => number) =>
      added.reduce((total, r) => total + (r ? pick(r) : 0), 0);
    const read = indexes.map(reading);
    if (host === 'phone') {
      series.inBytes[bucket] = sum((r) => r.phoneReceived);
      series.outBytes[bucket] = sum((r) => r.phoneSent);
      series.rssi[bucket] = mean(read.map((r) => r.signalDbm));
      series.rxRate[bucket] = mean(read.map((r) => r.uplinkKbps));
      series.txRate[bucket] = mean(read.map((r) => r.downlinkKbps));
    } else if (host === 'laptop') {
      series.inBytes[bucket] = sum((r) => r.laptopReceived);
      series.outBytes[bucket] = sum((r) => r.laptopSent);
    } else {
      // Listed in every report, with no counters: it moved nothing.
      series.inBytes[bucket] = 0;
      series.outBytes[bucket] = 0;
    }
  }
  return series;
}

/** Averages are sums divided in the database: equal to the test's within rounding. */
const rounded = (series: MacSeries | undefined) =>
  series && {
    ...series,
    rssi: series.rssi.map((value) => (value === null ? null : Number(value.toFixed(6)))),
    rxRate: series.rxRate.map((value) => (value === null ? null : Number(value.toFixed(6)))),
    txRate: series.txRate.map((value) => (value === null ? null : Number(value.toFixed(6)))),
  };

/** The start of the grid of `points` buckets of `tier` whose last holds `now`. */
const gridStart = (tier: number, points: number): number =>
  (Math.floor(now / tier) - (points - 1)) * tier * 1000;

describe('bandwidth', () => {
  let sut: TestApp;
  let csr: string;
  let consumer: string;
  let tokens: Map<string, string>;

  const get = (
    template: string,
    code: string,
    query: Record<string, string | string[]> = {},
    token = csr,
  ): Promise<LightMyRequestResponse> =>
    sut.app.inject({
      method: 'GET',
      url: template.replace(':losCode', encodeURIComponent(code)),
      query,
      headers: { 'x-cah-token': token },
    });
  const hostsOf = async (
    template: string,
    code: string,
    query: Record<string, string | string[]> = {},
  ): Promise<MacCountersResponse['hosts']> => {
    const response = await get(template, code, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MacCountersResponse>().hosts;
  };
  const seriesOf = async (
    template: string,
    code: string,
    timespan: 'hour' | 'halfday' | 'day' | 'week' | 'month' | 'zoom',
    query: Record<string, string | string[]> = {},
  ) => {
    const hosts = await hostsOf(template, code, query);
    const byMac = new Map(hosts.map((host) => [host.macAddress, host.bm[timespan]]));
    return { phone: byMac.get(phone), laptop: byMac.get(laptop), hosts };
  };
  const errorCodeOf = async (template: string, query: Record<string, string | string[]>) => {
    const response = await get(template, 'LOS-BW', query);
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ error: { code: string } }>().error.code;
  };

  beforeAll(async () => {
    sut = await createTestApp();
    ({ tokens, csr, consumer } = await seedHouseholds(
      sut,
      [
        ['SUB-BW', ['LOS-BW', 'LOS-BW-QUIET', 'LOS-BW-UNCOUNTED']],
        ['SUB-OTHER', ['LOS-OTHER']],
      ],
      { username: 'bw-consumer', passphrase: consumerPassphrase },
    ));

    sut.clock.advanceSeconds(now - start);
    const indexes = reportTimes.map((_at, index) => index);
    for (let first = 0; first < indexes.length; first += 100) {
      const response = await sut.app.inject({
        method: 'POST',
        url: `/report/v1/${tokens.get('LOS-BW')}`,
        payload: { Report: indexes.slice(first, first + 100).map(reportAt) },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${tokens.get('LOS-OTHER')}`,
      payload: { Report: [reportAt(reportTimes.length - 1)] },
    });
    // A gateway (a TR-098 one, say) that counts no host's bytes: its last hour of reports.
    const uncounted = reportTimes
      .slice(-12)
      .map((_at, index) =>
        Object.fromEntries(
          Object.entries(reportAt(reportTimes.length - 12 + index)).filter(
            ([name]) => !name.includes('.WANStats.Bytes'),
          ),
        ),
      );
    const response = await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${tokens.get('LOS-BW-UNCOUNTED')}`,
      payload: { Report: uncounted },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    // As the rollup job leaves the tiers: built up to their last closed bucket, the open ones
    // still only in the tiers below.
    await new TelemetryRepository(sut.database.db).rollUp(sut.clock.now());
  }, 120_000);
  afterAll(() => sut.close());

  describe('GET /api/maccounter/v1/{losCode}', () => {
    it.each([
      ['hour', 60, 60],
      ['halfday', 900, 47],
      ['day', 900, 95],
      ['week', 7200, 83],
    ] as const)(
      'should answer the %s at %i s, %i points ending with the bucket of now, as the reports made them',
      async (timespan, tier, points) => {
        const read = await seriesOf(apiPaths.macCounters, 'LOS-BW', timespan, { timespan });
        const startTime = gridStart(tier, points);
        expect(read.phone?.inBytes).toHaveLength(points);
        expect(rounded(read.phone)).toEqual(
          rounded(expectedSeries('phone', tier, startTime, points)),
        );
        expect(read.laptop).toEqual(expectedSeries('laptop', tier, startTime, points));
      },
    );

    it('should answer the hour, the day and the week when no timespan is asked for', async () => {
      const hosts = await hostsOf(apiPaths.macCounters, 'LOS-BW');
      for (const host of hosts)
        expect(Object.keys(host.bm).sort()).toEqual(['day', 'hour', 'week']);
      const phoneHost = hosts.find((host) => host.macAddress === phone);
      expect(rounded(phoneHost?.bm.day)).toEqual(
        rounded(expectedSeries('phone', 900, gridStart(900, 95), 95)),
      );
    });

    it('should name each device by its alias, else its host name, else its MAC', async () => {
      const named = await hostsOf(apiPaths.macCounters, 'LOS-BW', { timespan: 'hour' });
      expect(named.map(({ macAddress, host }) => ({ macAddress, host }))).toEqual([
        { macAddress: nameless, host: nameless },
        { macAddress: phone, host: 'Ada-iPhone' },
        { macAddress: laptop, host: 'dell-xps-laptop' },
      ]);
      const renamed = await sut.app.inject({
        method: 'PUT',
        url: apiPaths.localNetwork.replace(':code', 'LOS-BW'),
        headers: { 'x-cah-token': csr },
        payload: { localNetwork: [{ macAddress: laptop, alias: 'Work laptop', icon: null }] },
      });
      expect(renamed.statusCode, renamed.body).toBeLessThan(300);
      const hosts = await hostsOf(apiPaths.macCounters, 'LOS-BW', { timespan: 'hour' });
      expect(hosts.find((host) => host.macAddress === laptop)?.host).toBe('Work laptop');
    });

    it('should give a device reported without counters or signal zero bytes and no signal', async () => {
      const hosts = await hostsOf(apiPaths.macCounters, 'LOS-BW', { timespan: 'hour' });
      const series = hosts.find((host) => host.macAddress === nameless)?.bm.hour;
      expect(series).toEqual(expectedSeries('nameless', 60, gridStart(60, 60), 60));
      expect(series?.rssi).toEqual(Array(60).fill(null));
    });

    it('should answer no bytes, not zero, when the gateway reports no per-host counters', async () => {
      const read = await seriesOf(apiPaths.macCounters, 'LOS-BW-UNCOUNTED', 'hour', {
        timespan: 'hour',
      });
      expect(read.hosts.map((host) => host.macAddress).sort()).toEqual(
        [laptop, nameless, phone].sort(),
      );
      for (const host of read.hosts) {
        expect(host.bm.hour?.inBytes).toEqual(Array(60).fill(null));
        expect(host.bm.hour?.outBytes).toEqual(Array(60).fill(null));
      }
      // What it does report, the phone's signal, is there.
      expect(read.phone?.rssi.filter((value) => value !== null)).not.toHaveLength(0);
    });

    it('should refuse an unknown timespan, month included (it is /maccounter30’s)', async () => {
      expect(await errorCodeOf(apiPaths.macCounters, { timespan: 'fortnight' })).toBe(
        'MONITORING.UNKNOWN_TIMESPAN',
      );
      expect(await errorCodeOf(apiPaths.macCounters, { timespan: 'month' })).toBe(
        'MONITORING.UNKNOWN_TIMESPAN',
      );
    });
  });

  describe('GET /api/maccounter30/v1/{losCode}', () => {
    it('should answer the month at 28800 s, 90 points, as the reports made them', async () => {
      const read = await seriesOf(apiPaths.macCounters30, 'LOS-BW', 'month');
      const startTime = gridStart(28800, 90);
      expect(rounded(read.phone)).toEqual(rounded(expectedSeries('phone', 28800, startTime, 90)));
      expect(read.laptop).toEqual(expectedSeries('laptop', 28800, startTime, 90));
      expect(read.hosts.every((host) => Object.keys(host.bm).join() === 'month')).toBe(true);
    });
  });

  describe('GET /api/maccounter/v1/span/{losCode}', () => {
    const ms = (seconds: number) => String(seconds * 1000);

    it('should answer a 3-hour zoom from the 900 s tier, and only the MAC named', async () => {
      const from = now - 3 * 3600 - 120;
      const read = await seriesOf(apiPaths.macCountersSpan, 'LOS-BW', 'zoom', {
        startTime: ms(from),
        endTime: ms(now),
        macAddress: phone.toUpperCase(),
      });
      expect(read.hosts.map((host) => host.macAddress)).toEqual([phone]);
      const startTime = Math.floor(from / 900) * 900 * 1000;
      const points = Math.ceil((now * 1000 - startTime) / 900_000);
      expect(rounded(read.phone)).toEqual(rounded(expectedSeries('phone', 900, startTime, points)));
    });

    it('should answer an hour’s zoom from the 60 s tier, with its end clamped to now', async () => {
      const from = now - 3600;
      const read = await seriesOf(apiPaths.macCountersSpan, 'LOS-BW', 'zoom', {
        startTime: ms(from),
        endTime: ms(now + 6 * 3600),
        macAddress: [phone, laptop],
      });
      const startTime = Math.floor(from / 60) * 60 * 1000;
      const points = Math.ceil((now * 1000 - startTime) / 60_000);
      expect(read.laptop).toEqual(expectedSeries('laptop', 60, startTime, points));
      expect(rounded(read.phone)).toEqual(rounded(expectedSeries('phone', 60, startTime, points)));
    });

    it('should answer every device when no MAC is named', async () => {
      const read = await seriesOf(apiPaths.macCountersSpan, 'LOS-BW', 'zoom', {
        startTime: ms(now - 3600),
        endTime: ms(now),
      });
      expect(read.hosts.map((host) => host.macAddress).sort()).toEqual(
        [phone, laptop, nameless].sort(),
      );
    });

    it.each([
      [
        'a start that is not a number',
        { startTime: 'yesterday', endTime: ms(now) },
        'MONITORING.INVALID_TIME',
      ],
      ['an empty end', { startTime: ms(now - 3600), endTime: '' }, 'MONITORING.INVALID_TIME'],
      [
        'a start after the end',
        { startTime: ms(now - 60), endTime: ms(now - 3600) },
        'MONITORING.SPAN_START_AFTER_END',
      ],
      [
        'a start equal to the end',
        { startTime: ms(now - 60), endTime: ms(now - 60) },
        'MONITORING.SPAN_START_AFTER_END',
      ],
      [
        'a start after now',
        { startTime: ms(now + 60), endTime: ms(now + 3600) },
        'MONITORING.SPAN_START_AFTER_END',
      ],
      [
        'a span over 26 hours and the 2-minute lead',
        { startTime: ms(now - 26 * 3600 - 121), endTime: ms(now) },
        'MONITORING.SPAN_TOO_LONG',
      ],
      [
        'a malformed MAC',
        { startTime: ms(now - 3600), endTime: ms(now), macAddress: [phone, '3c:22:fb:00:00'] },
        'MONITORING.INVALID_MAC_ADDRESS',
      ],
    ])('should refuse %s with 400 and its code', async (_case, query, code) => {
      expect(await errorCodeOf(apiPaths.macCountersSpan, query)).toBe(code);
    });

    it('should take a span of exactly 26 hours and the 2-minute lead', async () => {
      const response = await get(apiPaths.macCountersSpan, 'LOS-BW', {
        startTime: ms(now - 26 * 3600 - 120),
        endTime: ms(now),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<MacCountersResponse>().hosts[0]?.bm.zoom?.intervalSeconds).toBe(900);
    });
  });

  describe('every route', () => {
    const span = { startTime: String((now - 3600) * 1000), endTime: String(now * 1000) };
    const routes = [
      [apiPaths.macCounters, {}],
      [apiPaths.macCountersSpan, span],
      [apiPaths.macCounters30, {}],
    ] as const;

    it.each(routes)(
      '%s should answer 204 and no body before the gateway reports',
      async (template, query) => {
        const response = await get(template, 'LOS-BW-QUIET', query);
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
      },
    );

    it.each(routes)(
      '%s should answer 404 for a line that does not exist',
      async (template, query) => {
        const response = await get(template, 'LOS-NOWHERE', query);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('PROVISIONING.LINE_OF_SERVICE_NOT_FOUND');
      },
    );

    it.each(routes)(
      '%s should serve a consumer their own line and no other',
      async (template, query) => {
        expect((await get(template, 'LOS-BW', query, consumer)).statusCode).toBe(200);
        const other = await get(template, 'LOS-OTHER', query, consumer);
        expect(other.statusCode).toBe(403);
        expect(other.json().error.code).toBe('AUTH.FORBIDDEN');
      },
    );
  });

  describe('GET /api/parameter/v1/{name}', () => {
    const parameter = (name: string, token = csr) =>
      sut.app.inject({
        method: 'GET',
        url: apiPaths.parameter.replace(':name', encodeURIComponent(name)),
        headers: { 'x-cah-token': token },
      });

    it('should answer maccounters.frequency with the configured 300 s, to a consumer too', async () => {
      for (const token of [csr, consumer]) {
        const response = await parameter('maccounters.frequency', token);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ name: 'maccounters.frequency', value: 300 });
      }
    });

    it('should answer 404 for a parameter that does not exist', async () => {
      const response = await parameter('maccounters.colour');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('MONITORING.UNKNOWN_PARAMETER');
    });
  });
});
