import {
  apiPaths,
  type ExperienceRatingResponse,
  type FleetMapResponse,
  type IndividualQoeResponse,
  type PopulationMetricResponse,
  type QoeQuery,
  type QoeQueryResponse,
  type QoeSpanResponse,
  type UptimeReportResponse,
} from '@linesight/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  seedHouseholds,
  signedInToken,
  type TestApp,
} from '../../../test/test-app';
import { fleetMetrics, qoeDailyScores, qoeIntervalScores } from '../../db/schema';
import { applyRetention } from '../../jobs/telemetry.jobs';
import { systemActor } from '../audit/actor';
import { TelemetryRepository } from '../../telemetry/telemetry.repository';
import {
  cpuCurve,
  docsisSnrCurve,
  dslMarginCurve,
  freeRamCurve,
  oneDecimal,
  overallOf,
  scoreOn,
  temperatureCurve,
  uptimeCurve,
  wifiPercentCurve,
} from '../../telemetry/qoe-model';

/**
 * The QoE model on hand-built histories (docs/qoe-model.md): lines whose gateways report the
 * same readings in each quarter of an hour, so each score is known from the model's curves; the
 * rollup and the scoring job run with the test clock; the routes answer what the job stored.
 */

const consumerPassphrase = 'Garden-Gnome-42!';
/** The test clock's start (ManualClock's), on the hour, epoch seconds. */
const hour = Date.UTC(2026, 0, 1, 12) / 1000;
/** One report in each 15-minute bucket of the hour before, 5 minutes into it. */
const reportTimes = [0, 1, 2, 3].map((quarter) => hour - 3600 + quarter * 900 + 300);
/** After the rollup's grace: every bucket of the hour has closed. */
const now = hour + 600;
const day = 86_400;

type Report = Record<string, string | number | boolean>;

interface Reading {
  at: number;
  uptime: number;
  cpu?: number;
  freePercent: number;
  temperature?: number;
}

function deviceInfo(reading: Reading): Report {
  const report: Report = {
    CollectionTime: reading.at,
    'Device.DeviceInfo.ModelName': 'SR400',
    'Device.DeviceInfo.SerialNumber': 'SN-0042',
    'Device.DeviceInfo.SoftwareVersion': '7.1.3',
    'Device.DeviceInfo.ManufacturerOUI': '0026AB',
    'Device.DeviceInfo.X_LINESIGHT_ClientVersion': '4.2.0',
    'Device.DeviceInfo.UpTime': reading.uptime,
    'Device.DeviceInfo.MemoryStatus.Total': 512_000,
    'Device.DeviceInfo.MemoryStatus.Free': (512_000 * reading.freePercent) / 100,
    'Device.BulkData.Profile.1.ReportingInterval': 900,
  };
  if (reading.cpu !== undefined) report['Device.DeviceInfo.ProcessStatus.CPUUsage'] = reading.cpu;
  if (reading.temperature !== undefined) {
    report['Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value'] = reading.temperature;
  }
  return report;
}

/** LAN hosts: WiFi ones with their signal in dBm, and Ethernet ones. */
function hosts(wifiSignals: number[], ethernet: number): Report {
  const report: Report = {};
  let index = 0;
  const mac = (n: number) => `02:00:00:00:00:${n.toString(16).padStart(2, '0')}`;
  wifiSignals.forEach((signal, position) => {
    index += 1;
    report[`Device.WiFi.AccessPoint.1.AssociatedDevice.${position + 1}.MACAddress`] = mac(index);
    report[`Device.WiFi.AccessPoint.1.AssociatedDevice.${position + 1}.SignalStrength`] = signal;
    report[`Device.WiFi.AccessPoint.1.AssociatedDevice.${position + 1}.LastDataDownlinkRate`] =
      300_000;
    report[`Device.WiFi.AccessPoint.1.AssociatedDevice.${position + 1}.LastDataUplinkRate`] =
      150_000;
    report[`Device.Hosts.Host.${index}.PhysAddress`] = mac(index);
    report[`Device.Hosts.Host.${index}.Active`] = true;
    report[`Device.Hosts.Host.${index}.Layer1Interface`] = 'Device.WiFi.SSID.1';
  });
  for (let wired = 0; wired < ethernet; wired += 1) {
    index += 1;
    report[`Device.Hosts.Host.${index}.PhysAddress`] = mac(index);
    report[`Device.Hosts.Host.${index}.Active`] = true;
    report[`Device.Hosts.Host.${index}.Layer1Interface`] = 'Device.Ethernet.Interface.1';
  }
  return report;
}

const dsl = (marginTenths: number): Report => ({
  'Device.DSL.Line.1.Status': 'Up',
  'Device.DSL.Line.1.DownstreamNoiseMargin': marginTenths,
  'Device.DSL.Line.1.UpstreamNoiseMargin': 120,
});

const docsis = (snrTenths: number): Report => ({
  'Device.DOCSIS.DownstreamChannel.1.ID': 17,
  'Device.DOCSIS.DownstreamChannel.1.SignalQuality.SignalNoise': snrTenths - 10,
  'Device.DOCSIS.DownstreamChannel.2.ID': 18,
  'Device.DOCSIS.DownstreamChannel.2.SignalQuality.SignalNoise': snrTenths + 10,
});

/** The model's score of a measurement, as the job keeps it. */
const scored = (curve: Parameters<typeof scoreOn>[0], x: number) => oneDecimal(scoreOn(curve, x));
const signalPercent = (dbm: number) => ((90 - Math.abs(dbm)) / 55) * 100;

/** A healthy fibre home: light load, half its RAM free, cool, up 8 days, strong WiFi. */
const good = {
  cpu: 30,
  free: 50,
  temperature: 50,
  uptime: 8 * day,
  wifi: [-40],
  ethernet: 1,
};
/** A struggling DSL home: busy CPU, little RAM, hot, rebooting, one device far from the AP. */
const bad = { cpu: 90, free: 15, temperature: 85, marginTenths: 45, wifi: [-50, -70, -85] };
/** Bad's uptime at each report: rebooted 5 minutes before the second and the fourth. */
const badUptimes = [1800, 300, 1200, 300];
/** A cable modem that reports no CPU, no temperature and no WiFi device. */
const cable = { free: 40, snrTenths: 345, uptime: 2 * day };

const expected = {
  good: (() => {
    const parts = [
      scored(cpuCurve, good.cpu),
      scored(freeRamCurve, good.free),
      scored(wifiPercentCurve, signalPercent(-40)),
      scored(temperatureCurve, good.temperature),
      5,
    ];
    return { parts, overall: overallOf(parts) };
  })(),
  bad: (uptime: number) => {
    const physical = oneDecimal(
      Math.min(scoreOn(temperatureCurve, bad.temperature), scoreOn(dslMarginCurve, 4.5)),
    );
    const parts = [
      scored(cpuCurve, bad.cpu),
      scored(freeRamCurve, bad.free),
      // The weakest third of three devices: the one at -85 dBm.
      scored(wifiPercentCurve, signalPercent(-85)),
      physical,
      scored(uptimeCurve, uptime),
    ];
    return { parts, overall: overallOf(parts) };
  },
  cable: (() => {
    const parts = [
      -1,
      scored(freeRamCurve, cable.free),
      -1,
      scored(docsisSnrCurve, 34.5),
      scored(uptimeCurve, cable.uptime),
    ];
    return { parts, overall: overallOf(parts) };
  })(),
};

describe('quality of experience', () => {
  let sut: TestApp;
  let csr: string;
  let admin: string;
  let consumer: string;
  let tokens: Map<string, string>;

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string | null; query?: Record<string, string | number>; body?: object } = {},
  ): Promise<LightMyRequestResponse> =>
    sut.app.inject({
      method,
      url,
      query: Object.fromEntries(
        Object.entries(options.query ?? {}).map(([key, value]) => [key, String(value)]),
      ),
      ...(options.body ? { payload: options.body } : {}),
      headers: options.token === null ? {} : { 'x-cah-token': options.token ?? csr },
    });
  const post = async (code: string, report: Report): Promise<void> => {
    const response = await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${tokens.get(code)}`,
      payload: { Report: [report] },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  const query = async (body: QoeQuery): Promise<QoeQueryResponse> => {
    const response = await inject('POST', apiPaths.qoeQuery, { body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<QoeQueryResponse>();
  };
  const codes = (answer: QoeQueryResponse) => answer.results.map((row) => row.lineOfServiceCode);
  const span = { startTime: (hour - 3600) * 1000, endTime: now * 1000 };

  beforeAll(async () => {
    sut = await createTestApp();
    ({ tokens, csr, consumer } = await seedHouseholds(
      sut,
      [
        ['SUB-ADA', ['LOS-GOOD', 'LOS-BAD']],
        ['SUB-BOB', ['LOS-CABLE', 'LOS-SILENT']],
        ['SUB-EVIL', ['LOS-EVIL']],
      ],
      { username: 'mwc-ada', passphrase: consumerPassphrase },
    ));
    await sut.app.services.subscribers.put(
      systemActor,
      'SUB-EVIL',
      '=HYPERLINK("http://x","y")',
      false,
    );
    await createUser(sut, { email: 'admin@example.com', role: 'Admin' });
    admin = await signedInToken(sut, 'admin@example.com');

    for (const [index, at] of reportTimes.entries()) {
      const elapsed = at - reportTimes[0]!;
      await post('LOS-GOOD', {
        ...deviceInfo({
          at,
          uptime: good.uptime + elapsed,
          cpu: good.cpu,
          freePercent: good.free,
          temperature: good.temperature,
        }),
        'Device.DeviceInfo.X_LINESIGHT_WANType': 96,
        ...hosts(good.wifi, good.ethernet),
        'Device.Hosts.Host.1.WANStats.BytesReceived': 1_000_000 * (index + 1),
      });
      await post('LOS-BAD', {
        ...deviceInfo({
          at,
          uptime: badUptimes[index]!,
          cpu: bad.cpu,
          freePercent: bad.free,
          temperature: bad.temperature,
        }),
        ...dsl(bad.marginTenths),
        ...hosts(bad.wifi, 0),
        'Device.DeviceInfo.Location.1.DataObject': JSON.stringify({
          type: 'Point',
          coordinates: [-2.2374, 53.4808],
        }),
      });
      await post('LOS-CABLE', {
        ...deviceInfo({ at, uptime: cable.uptime + elapsed, freePercent: cable.free }),
        ...docsis(cable.snrTenths),
        ...hosts([], 1),
      });
      if (index === 3) {
        await post('LOS-EVIL', {
          ...deviceInfo({ at, uptime: 4 * 3600, cpu: 60, freePercent: 30 }),
          ...hosts([], 2),
        });
      }
    }
    sut.clock.advanceSeconds(now - hour);
    await new TelemetryRepository(sut.database.db).rollUp(sut.clock.now());
  });
  afterAll(() => sut.close());

  describe('the model', () => {
    it('should score each line from what its gateway reported, -1 where it reported nothing', async () => {
      const answer = await query({ sort: 'lineOfServiceCode', order: 'asc' });
      const row = (code: string) => answer.results.find((r) => r.lineOfServiceCode === code);
      const partsOf = (code: string) => {
        const found = row(code);
        return found
          ? [
              found.cpuPercentScore,
              found.freeRamScore,
              found.wifiScore,
              found.physicalStatusScore,
              found.avgMaxUptimeScore,
            ]
          : undefined;
      };
      expect(partsOf('LOS-GOOD')).toEqual(expected.good.parts);
      expect(row('LOS-GOOD')?.overallScore).toBe(expected.good.overall);
      expect(partsOf('LOS-CABLE')).toEqual(expected.cable.parts);
      expect(row('LOS-CABLE')?.overallScore).toBe(expected.cable.overall);
      expect(row('LOS-GOOD')).toMatchObject({
        usedCpuPercent: 30,
        usedRamPercent: 50,
        lanHostCount: 2,
        subscriberName: 'Subscriber SUB-ADA',
        subscriberCode: 'SUB-ADA',
        deviceType: 'SR400',
        deviceIdentifier: 'SN-0042',
      });
      expect(row('LOS-CABLE')).toMatchObject({ usedCpuPercent: null, lanHostCount: 1 });
      // The line that never reported has no scores to list.
      expect(row('LOS-SILENT')).toBeUndefined();
      expect(answer.endTime).toBe(hour * 1000);
      expect(answer.startTime).toBe((hour - day) * 1000);
    });

    it('should score each interval and keep what it read, so the page can say what pulled a score down', async () => {
      const response = await inject('GET', apiPaths.qoeSpan, {
        query: { lineOfServiceCode: 'LOS-BAD', ...span },
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<QoeSpanResponse>();
      expect(answer.intervalMinutes).toBe(15);
      expect(answer.data.map((row) => row.timestamp)).toEqual(
        [0, 1, 2, 3].map((quarter) => (hour - 3600 + quarter * 900) * 1000),
      );
      for (const [index, row] of answer.data.entries()) {
        const { parts, overall } = expected.bad(badUptimes[index]!);
        expect([
          row.cpuPercentScore,
          row.freeRamScore,
          row.wifiScore,
          row.physicalStatusScore,
          row.avgMaxUptimeScore,
        ]).toEqual(parts);
        expect(row.overallScore).toBe(overall);
      }
      expect(answer.wanConnected).toBe(true);

      const individual = await inject(
        'GET',
        apiPaths.individualQoeSpan.replace(':losCode', 'LOS-BAD'),
        {
          query: span,
        },
      );
      expect(individual.statusCode, individual.body).toBe(200);
      const chart = individual.json<IndividualQoeResponse>();
      expect(chart.startTime).toBe(span.startTime);
      expect(chart.timeseries.cpupercent.intervalMinutes).toBe(15);
      expect(chart.timeseries.wifi.data.slice(0, 4)).toEqual(
        Array(4).fill(scored(wifiPercentCurve, signalPercent(-85))),
      );
      expect(chart.latestAvgMaxUptime.score).toBe(scored(uptimeCurve, 300));
      const read = Object.fromEntries(chart.measurements.map((m) => [m.measurement, m.value]));
      expect(read).toEqual({
        usedCpuPercent: 90,
        freeRamPercent: 15,
        wifiSignalPercent: oneDecimal(signalPercent(-85)),
        temperatureC: 85,
        dslMarginDb: 4.5,
        avgMaxUptimeSeconds: 300,
      });
    });

    it('should answer daily averages for a span longer than two days', async () => {
      const response = await inject('GET', apiPaths.qoeSpan, {
        query: {
          lineOfServiceCode: 'LOS-GOOD',
          startTime: (hour - 7 * day) * 1000,
          endTime: now * 1000,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<QoeSpanResponse>();
      expect(answer.intervalMinutes).toBe(1440);
      expect(answer.data).toHaveLength(1);
      expect(answer.data[0]).toMatchObject({
        timestamp: (hour - 12 * 3600) * 1000,
        overallScore: expected.good.overall,
        lanHostCount: 2,
      });
    });
  });

  describe('the QoE report', () => {
    it('should filter by each bound, leaving out lines that did not report what a bound reads', async () => {
      expect(codes(await query({ maxCpu: 2 }))).toEqual(['LOS-BAD']);
      // The cable modem has no WiFi device: -1 is not "below 5".
      expect(codes(await query({ minWifi: 0, sort: 'lineOfServiceCode' }))).toEqual([
        'LOS-BAD',
        'LOS-GOOD',
      ]);
      expect(codes(await query({ minUsedCpuPercent: 50, sort: 'lineOfServiceCode' }))).toEqual([
        'LOS-BAD',
        'LOS-EVIL',
      ]);
      expect(codes(await query({ maxUsedRamPercent: 55, sort: 'lineOfServiceCode' }))).toEqual([
        'LOS-GOOD',
      ]);
      expect(
        codes(await query({ minLanHostCount: 2, maxLanHostCount: 2, sort: 'lineOfServiceCode' })),
      ).toEqual(['LOS-EVIL', 'LOS-GOOD']);
      expect(codes(await query({ minOverall: 4.5 }))).toEqual(['LOS-GOOD']);
      expect(codes(await query({ maxPhysicalStatus: 2 }))).toEqual(['LOS-BAD']);
      expect(codes(await query({ maxAvgMaxUptime: 0.5 }))).toEqual(['LOS-BAD']);
      expect(codes(await query({ maxFreeRam: 3 }))).toEqual(['LOS-BAD']);
      expect(codes(await query({ lineOfServiceCode: 'LOS-CABLE' }))).toEqual(['LOS-CABLE']);
    });

    it('should sort on any column either way and page with the total of all pages', async () => {
      const all = await query({ sort: 'overallScore', order: 'asc' });
      expect(all.total).toBe(4);
      const overall = all.results.map((row) => row.overallScore);
      expect(overall).toEqual([...overall].sort((a, b) => a - b));
      expect(codes(all)[0]).toBe('LOS-BAD');
      const descending = await query({ sort: 'overallScore', order: 'desc', limit: 2, offset: 1 });
      expect(descending.total).toBe(4);
      expect(codes(descending)).toEqual([...codes(all)].reverse().slice(1, 3));
      const past = await query({ offset: 10 });
      expect(past).toMatchObject({ total: 4, results: [] });
      const byName = await query({ sort: 'subscriberName', order: 'asc' });
      expect(byName.results[0]?.subscriberName).toBe('=HYPERLINK("http://x","y")');
    });

    it('should refuse a bound outside its range, and a min above its max', async () => {
      for (const body of [
        { minWifi: 5.1 },
        { maxCpu: -2 },
        { minUsedCpuPercent: 101 },
        { minLanHostCount: -1 },
        { minOverall: 4, maxOverall: 3 },
      ]) {
        const response = await inject('POST', apiPaths.qoeQuery, { body });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'QOE.INVALID_FILTER' } });
      }
      const unknown = await inject('POST', apiPaths.qoeQuery, { body: { minNothing: 1 } });
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe('the uptime report', () => {
    it('should rank the gateway that rebooted most first, then the lowest weighted average uptime', async () => {
      const response = await inject('GET', apiPaths.uptimeReport);
      expect(response.statusCode, response.body).toBe(200);
      const { results } = response.json<UptimeReportResponse>();
      expect(results.map((row) => row.lineOfServiceCode)).toEqual([
        'LOS-BAD',
        'LOS-EVIL',
        'LOS-CABLE',
        'LOS-GOOD',
      ]);
      // Spells from the first report (11:05) to the reboots at 11:15 and 11:45, then to 11:50.
      const spells = [600, 1800, 300];
      const weighted = spells.reduce((t, d) => t + d * d, 0) / spells.reduce((t, d) => t + d, 0);
      expect(results[0]).toMatchObject({
        reboots: 2,
        weightedAvgUptimeInSeconds: Math.round(weighted),
        uptimeInSeconds: 300 + (now - reportTimes[3]!),
        subscriberName: 'Subscriber SUB-ADA',
        deviceType: 'SR400',
      });
      // No reboot: the uptime at the latest report.
      expect(results[3]).toMatchObject({
        reboots: 0,
        weightedAvgUptimeInSeconds: good.uptime + 2700,
      });
    });
  });

  describe('the dashboard', () => {
    it('should add up the fleet per interval for each widget', async () => {
      const widget = async (name: string) => {
        const response = await inject(
          'GET',
          apiPaths.populationMetricSpan.replace(':widgetPath', name),
          { query: span },
        );
        expect(response.statusCode, response.body).toBe(200);
        return response.json<PopulationMetricResponse>();
      };
      const devices = await widget('connectedDevices');
      expect(devices).toMatchObject({ intervalMinutes: 15, startTime: span.startTime });
      // Good 2, bad 3, cable 1 in each quarter; the late line's 2 in the last.
      expect(devices.data.slice(0, 4)).toEqual([6, 6, 6, 8]);
      expect(devices.data.slice(4)).toEqual([null]);
      // Over three days the chart is hourly: the span's first hour averages its four quarters.
      const week = await inject(
        'GET',
        apiPaths.populationMetricSpan.replace(':widgetPath', 'connectedDevices'),
        { query: { startTime: span.startTime - 2 * 86_400_000, endTime: span.endTime } },
      );
      const hourly = week.json<PopulationMetricResponse>();
      expect(hourly.intervalMinutes).toBe(60);
      expect(hourly.data.filter((value) => value !== null)).toEqual([6.5]);
      expect((await widget('wifiPercent')).data[3]).toBe(oneDecimal((4 / 8) * 100));
      expect((await widget('averageLocalNet')).data[3]).toBe(2);
      const averageQoe = (await widget('averageQoe')).data[0];
      expect(averageQoe).toBeCloseTo(
        (expected.good.overall + expected.bad(1800).overall + expected.cable.overall) / 3,
        2,
      );
      // Good's one host received 1 MB in each quarter after the first report.
      const bps = await widget('downstreamBPSAverage');
      expect(bps.data[1]).toBe(oneDecimal((1_000_000 * 8) / 900 / 3));
    });

    it('should rate the experience from the fleet and have no source for a speed test', async () => {
      const response = await inject('GET', apiPaths.experienceRating);
      expect(response.statusCode, response.body).toBe(200);
      const { factors } = response.json<ExperienceRatingResponse>();
      const byTitle = Object.fromEntries(factors.map((factor) => [factor.title, factor]));
      expect(byTitle.speedTest?.value).toBeNull();
      expect(byTitle.wifiRSSI?.value).toBe(
        oneDecimal((expected.good.parts[2]! + expected.bad(300).parts[2]!) / 2),
      );
      expect(byTitle.deviceUptime?.value).not.toBeNull();
    });

    it('should map located gateways with their overall score', async () => {
      const response = await inject('GET', apiPaths.fleetMap);
      expect(response.statusCode, response.body).toBe(200);
      // Only the DSL line's gateway reports where it is; its overall score is a broadband alert.
      expect(response.json<FleetMapResponse>().gateways).toEqual([
        {
          lineOfServiceCode: 'LOS-BAD',
          latitude: 53.4808,
          longitude: -2.2374,
          overallScore: expect.any(Number) as number,
          alert: true,
        },
      ]);
      const [gateway] = response.json<FleetMapResponse>().gateways;
      const report = await query({ lineOfServiceCode: 'LOS-BAD' });
      expect(gateway?.overallScore).toBe(report.results[0]?.overallScore);
      expect(gateway?.overallScore).toBeLessThan(2);
    });

    it('should refuse an unknown widget and bad times', async () => {
      const unknown = await inject(
        'GET',
        apiPaths.populationMetricSpan.replace(':widgetPath', 'nothing'),
        { query: span },
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ error: { code: 'MONITORING.UNKNOWN_WIDGET' } });
      const backwards = await inject(
        'GET',
        apiPaths.populationMetricSpan.replace(':widgetPath', 'averageQoe'),
        { query: { startTime: span.endTime, endTime: span.startTime } },
      );
      expect(backwards.json()).toMatchObject({
        error: { code: 'MONITORING.SPAN_START_AFTER_END' },
      });
      const notATime = await inject('GET', apiPaths.qoeSpan, {
        query: { lineOfServiceCode: 'LOS-GOOD', startTime: 'yesterday', endTime: span.endTime },
      });
      expect(notATime.json()).toMatchObject({ error: { code: 'MONITORING.INVALID_TIME' } });
      const tooLong = await inject(
        'GET',
        apiPaths.individualQoeSpan.replace(':losCode', 'LOS-GOOD'),
        { query: { startTime: span.endTime - 40 * day * 1000, endTime: span.endTime } },
      );
      expect(tooLong.json()).toMatchObject({ error: { code: 'MONITORING.SPAN_TOO_LONG' } });
    });
  });

  describe('who may call', () => {
    const calls: [
      method: 'GET' | 'POST',
      url: string,
      query?: Record<string, string | number>,
      body?: object,
    ][] = [
      ['POST', apiPaths.qoeQuery, undefined, {}],
      ['GET', apiPaths.qoeSpan, { lineOfServiceCode: 'LOS-GOOD', ...span }],
      ['GET', apiPaths.individualQoeSpan.replace(':losCode', 'LOS-GOOD'), span],
      ['GET', apiPaths.uptimeReport],
      ['GET', apiPaths.populationMetricSpan.replace(':widgetPath', 'averageQoe'), span],
      ['GET', apiPaths.experienceRating],
      ['GET', apiPaths.fleetMap],
    ];

    it('should answer an admin and a CSR, refuse a consumer (their own line too) and nobody signed in', async () => {
      for (const [method, url, q, body] of calls) {
        for (const token of [admin, csr]) {
          const response = await inject(method, url, { token, query: q, body });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        }
        expect((await inject(method, url, { token: consumer, query: q, body })).statusCode).toBe(
          403,
        );
        expect((await inject(method, url, { token: null, query: q, body })).statusCode).toBe(401);
      }
    });

    it('should tell anyone signed in where the feedback frame loads from, none by default', async () => {
      const answer = await inject('GET', apiPaths.feedbackSettings, { token: consumer });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ url: null });
      expect((await inject('GET', apiPaths.feedbackSettings, { token: null })).statusCode).toBe(
        401,
      );
    });

    it('should answer 404 for a line that does not exist', async () => {
      const response = await inject('GET', apiPaths.qoeSpan, {
        query: { lineOfServiceCode: 'LOS-NOPE', ...span },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('keeping the rows', () => {
    it('should delete a line’s scores with the line, and scores past retention', async () => {
      const evil = await sut.app.services.devices.deprovision(systemActor, 'LOS-EVIL');
      expect(evil).toBeUndefined();
      expect(codes(await query({ limit: 100 }))).not.toContain('LOS-EVIL');
      sut.clock.advanceSeconds(40 * day);
      await applyRetention(
        new TelemetryRepository(sut.database.db),
        sut.config.retentionDays,
        sut.clock,
      );
      const { db } = sut.database;
      // The intervals and fleet figures went with the 900 s tier; the days stay longer.
      expect(await db.$count(qoeIntervalScores)).toBe(0);
      expect(await db.$count(fleetMetrics)).toBe(0);
      expect(await db.$count(qoeDailyScores)).toBeGreaterThan(0);
    });
  });
});

describe('the feedback collector’s address', () => {
  it('should give the configured address to anyone signed in and let the page frame it', async () => {
    const sut = await createTestApp({
      FEEDBACK_URL: 'https://feedback.example.org/collector?id=7',
    });
    try {
      await createUser(sut, { email: 'csr@example.com', role: 'CSR' });
      const token = await signedInToken(sut, 'csr@example.com');
      const response = await sut.app.inject({
        method: 'GET',
        url: apiPaths.feedbackSettings,
        headers: { 'x-cah-token': token },
      });
      expect(response.json()).toEqual({ url: 'https://feedback.example.org/collector?id=7' });
      expect(String(response.headers['content-security-policy'])).toContain(
        "frame-src 'self' https://feedback.example.org",
      );
    } finally {
      await sut.close();
    }
  });
});
