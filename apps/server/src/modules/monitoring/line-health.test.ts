import {
  apiPaths,
  type PhysicalStatusResponse,
  type SpectrumAnalysisResponse,
  temperatureNotAvailable,
  type WanStats,
  type WanStatsResponse,
} from '@linesight/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedHouseholds, type TestApp } from '../../../test/test-app';

/**
 * The physical status, WAN statistics and spectrum routes against reports the test posts for a
 * DSL, a DOCSIS and a fibre line: every value read back is one the reports carried, in the
 * contract's units (docs/decisions/017), or follows from them by its rules.
 */

const consumerPassphrase = 'Garden-Gnome-42!';
/** The test clock's start (ManualClock's), on the hour, epoch seconds. */
const hour = Date.UTC(2026, 0, 1, 12) / 1000;
/**
 * Three reports: 40 and 35 minutes before the hour, then after a 33-minute silence (an offline
 * spell) a gateway that rebooted 100 s before its report, 100 s before the hour.
 */
const r1 = hour - 2400;
const r2 = hour - 2100;
const r3 = hour - 100;
const now = hour + 10;
/** The charts' hour back from now: a point a minute from the hour before. */
const spanStart = (hour - 3600) * 1000;
const bucketOf = (seconds: number): number => Math.floor((seconds * 1000 - spanStart) / 60_000);

type Report = Record<string, string | number | boolean>;

/** What every gateway reports of itself; `temperature` in °C, none when undefined. */
function deviceInfo(options: {
  at: number;
  uptime: number;
  cpu: number;
  freeKib: number;
  temperature?: number;
  agent?: boolean;
}): Report {
  const report: Report = {
    CollectionTime: options.at,
    'Device.DeviceInfo.ModelName': 'SR400',
    'Device.DeviceInfo.SerialNumber': 'SN-0042',
    'Device.DeviceInfo.SoftwareVersion': '7.1.3',
    'Device.DeviceInfo.ManufacturerOUI': '0026AB',
    'Device.DeviceInfo.X_LINESIGHT_MACAddress': '00:26:ab:00:00:99',
    'Device.DeviceInfo.X_LINESIGHT_BuildIdentifier': 'build-2026.01',
    'Device.DeviceInfo.UpTime': options.uptime,
    'Device.DeviceInfo.ProcessStatus.CPUUsage': options.cpu,
    'Device.DeviceInfo.MemoryStatus.Total': 512_000,
    'Device.DeviceInfo.MemoryStatus.Free': options.freeKib,
    'Device.BulkData.Profile.1.ReportingInterval': 300,
    'Device.IP.Interface.1.IPv4Address.1.IPAddress': '203.0.113.7',
  };
  if (options.temperature !== undefined)
    report['Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value'] = options.temperature;
  if (options.agent ?? true) report['Device.DeviceInfo.X_LINESIGHT_ClientVersion'] = '4.2.0';
  return report;
}

/** A VDSL2 line with G.INP; the upstream error counters are not reported. */
function dslLine(line: { noiseMarginDs: number; rtxcDs: number; retrains: number }): Report {
  return {
    'Device.DSL.Line.1.Status': 'Up',
    'Device.DSL.Line.1.StandardUsed': 'G.993.2',
    'Device.DSL.Line.1.PowerManagementState': 'L0',
    'Device.DSL.Line.1.LastChange': 50,
    'Device.DSL.Line.1.DownstreamNoiseMargin': line.noiseMarginDs,
    'Device.DSL.Line.1.UpstreamNoiseMargin': 120,
    'Device.DSL.Line.1.DownstreamAttenuation': 182,
    'Device.DSL.Line.1.UpstreamAttenuation': 91,
    'Device.DSL.Line.1.DownstreamPower': 145,
    'Device.DSL.Line.1.UpstreamPower': 62,
    'Device.DSL.Line.1.DownstreamMaxBitRate': 98_000,
    'Device.DSL.Line.1.UpstreamMaxBitRate': 31_000,
    'Device.DSL.Line.1.X_LINESIGHT_Retrains': line.retrains,
    'Device.DSL.Line.1.Stats.Total.ErroredSecs': 12,
    'Device.DSL.Line.1.Stats.Total.SeverelyErroredSecs': 1,
    'Device.DSL.Channel.1.LowerLayers': 'Device.DSL.Line.1.',
    'Device.DSL.Channel.1.LinkEncapsulationUsed': 'G.993.2_Annex_K_PTM',
    'Device.DSL.Channel.1.DownstreamCurrRate': 80_000,
    'Device.DSL.Channel.1.UpstreamCurrRate': 20_000,
    'Device.DSL.Channel.1.Stats.Total.XTURFECErrors': 5_400,
    'Device.DSL.Channel.1.Stats.Total.XTURCRCErrors': 7,
    'Device.DSL.Channel.1.X_LINESIGHT_RtxCds': line.rtxcDs,
    'Device.DSL.Channel.1.X_LINESIGHT_RtxUCds': 3,
    'Device.DSL.Channel.1.X_LINESIGHT_RtxCus': 40,
    'Device.DSL.Channel.1.X_LINESIGHT_RtxUCus': 0,
  };
}

/** A cable modem on one downstream and one upstream channel, with a spectrum analysis. */
function docsisLine(snr: number): Report {
  return {
    'Device.DOCSIS.DownstreamChannel.1.ID': 17,
    'Device.DOCSIS.DownstreamChannel.1.Frequency': 602_000_000,
    'Device.DOCSIS.DownstreamChannel.1.Width': 8_000_000,
    'Device.DOCSIS.DownstreamChannel.1.Modulation': 'QAM256',
    'Device.DOCSIS.DownstreamChannel.1.Power': 35,
    'Device.DOCSIS.DownstreamChannel.1.SignalQuality.SignalNoise': snr,
    'Device.DOCSIS.DownstreamChannel.1.SignalQuality.ExtCorrecteds': 1_200,
    'Device.DOCSIS.DownstreamChannel.1.SignalQuality.ExtUncorrectables': 4,
    'Device.DOCSIS.UpstreamChannel.1.ID': 3,
    'Device.DOCSIS.UpstreamChannel.1.Frequency': 36_600_000,
    'Device.DOCSIS.UpstreamChannel.1.Width': 6_400_000,
    'Device.DOCSIS.UpstreamChannel.1.Status.TxPower': 445,
    'Device.DOCSIS.UpstreamChannel.1.Status.ModulationType': 'ATDMA',
    'Device.DOCSIS.SpectrumAnalysis.SegmentFrequencySpan': 7_500_000,
    'Device.DOCSIS.SpectrumAnalysis.Result.1.Frequency': 603_000_000,
    'Device.DOCSIS.SpectrumAnalysis.Result.1.AmplitudeData': '310,320,-15',
    'Device.DOCSIS.SpectrumAnalysis.Result.2.Frequency': 300_000_000,
    'Device.DOCSIS.SpectrumAnalysis.Result.2.AmplitudeData': '-4500,-4400',
  };
}

describe('a gateway’s and its line’s health', () => {
  let sut: TestApp;
  let csr: string;
  let consumer: string;
  let tokens: Map<string, string>;

  const get = (
    template: string,
    code: string,
    token = csr,
    query: Record<string, string | number> = { startTime: spanStart, endTime: now * 1000 },
  ): Promise<LightMyRequestResponse> =>
    sut.app.inject({
      method: 'GET',
      url: template.replace(/:(code|losCode)/, encodeURIComponent(code)),
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers: { 'x-cah-token': token },
    });
  const post = async (code: string, report: Report): Promise<void> => {
    const response = await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${tokens.get(code)}`,
      payload: { Report: [report] },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  const physicalStatus = async (code: string) => {
    const response = await get(apiPaths.physicalStatusSpan, code);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PhysicalStatusResponse>().gateway;
  };
  const wanStats = async (code: string): Promise<WanStats | null> => {
    const response = await get(apiPaths.wanStatsSpan, code);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WanStatsResponse>().gateway.wanStats;
  };

  beforeAll(async () => {
    sut = await createTestApp();
    ({ tokens, csr, consumer } = await seedHouseholds(
      sut,
      [
        ['SUB-ADA', ['LOS-DSL', 'LOS-FIBRE', 'LOS-QUIET', 'LOS-DSLNEW']],
        ['SUB-BOB', ['LOS-CABLE']],
      ],
      { username: 'mwc-ada', passphrase: consumerPassphrase },
    ));
    const upSince = r1 - 86_400;
    await post('LOS-DSL', {
      ...deviceInfo({ at: r1, uptime: r1 - upSince, cpu: 40, freeKib: 128_000, temperature: 51 }),
      ...dslLine({ noiseMarginDs: 123, rtxcDs: 100, retrains: 2 }),
    });
    // No temperature: the bucket says the gateway reported without one.
    await post('LOS-DSL', {
      ...deviceInfo({ at: r2, uptime: r2 - upSince, cpu: 55, freeKib: 100_000 }),
      ...dslLine({ noiseMarginDs: 131, rtxcDs: 160, retrains: 2 }),
    });
    await post('LOS-DSL', {
      ...deviceInfo({ at: r3, uptime: 100, cpu: 12, freeKib: 256_000, temperature: 48 }),
      ...dslLine({ noiseMarginDs: 123, rtxcDs: 5, retrains: 1 }),
    });
    await post('LOS-CABLE', {
      ...deviceInfo({ at: r1, uptime: 5_000, cpu: 20, freeKib: 300_000, temperature: 45 }),
      ...docsisLine(402),
    });
    await post('LOS-CABLE', {
      ...deviceInfo({ at: r3, uptime: 5_000 + r3 - r1, cpu: 20, freeKib: 300_000 }),
      ...docsisLine(398),
    });
    await post('LOS-FIBRE', {
      ...deviceInfo({ at: r3, uptime: 7_000, cpu: 5, freeKib: 400_000, agent: false }),
      'Device.DeviceInfo.X_LINESIGHT_WANType': 96,
    });
    await post('LOS-DSLNEW', {
      ...deviceInfo({ at: r3, uptime: 7_000, cpu: 5, freeKib: 400_000 }),
      'Device.DeviceInfo.X_LINESIGHT_WANType': 32,
    });
    sut.clock.advanceSeconds(now - hour);
  });
  afterAll(() => sut.close());

  describe('physical status', () => {
    it('should chart RAM in bytes, CPU in percent and temperature in tenths of °C, per minute of the hour', async () => {
      const { physicalStatus: status } = await physicalStatus('LOS-DSL');
      expect(status).toMatchObject({ intervalMinutes: 1, startTime: spanStart });
      expect(status.cpuLoad).toHaveLength(61);
      const at = (series: (number | null)[], seconds: number) => series[bucketOf(seconds)];
      expect([r1, r2, r3].map((seconds) => at(status.freeRam, seconds))).toEqual([
        128_000 * 1024,
        100_000 * 1024,
        256_000 * 1024,
      ]);
      expect([r1, r2, r3].map((seconds) => at(status.cpuLoad, seconds))).toEqual([40, 55, 12]);
      // The second report had no temperature: the seed's "not available", not a gap.
      expect([r1, r2, r3].map((seconds) => at(status.temp, seconds))).toEqual([
        510,
        temperatureNotAvailable,
        480,
      ]);
      const reported = new Set([r1, r2, r3].map(bucketOf));
      const gaps = status.temp.filter((_, index) => !reported.has(index));
      expect(gaps.every((value) => value === null)).toBe(true);
      expect(
        status.freeRam.filter((_, index) => !reported.has(index)).every((v) => v === null),
      ).toBe(true);
    });

    it('should give the latest readings and the uptime counting on from the last report', async () => {
      const { physicalStatus: status } = await physicalStatus('LOS-DSL');
      expect(status).toMatchObject({
        totalRam: 512_000 * 1024,
        mostRecentFreeRam: 256_000 * 1024,
        mostRecentCPULoad: 12,
        mostRecentTemp: 480,
        secondsSinceLastReboot: 100 + (now - r3),
      });
      const fibre = await physicalStatus('LOS-FIBRE');
      expect(fibre.physicalStatus.mostRecentTemp).toBe(temperatureNotAvailable);
    });

    it('should list the offline spell and the reboot that ended it', async () => {
      const { physicalStatus: status } = await physicalStatus('LOS-DSL');
      const bootedAt = (r3 - 100) * 1000;
      expect(status.downtime).toEqual([
        // The spell starts when the next report was due, one interval after the last.
        { cause: 'offline', startTime: (r2 + 300) * 1000, endTime: bootedAt },
        { cause: 'reboot', startTime: bootedAt, endTime: bootedAt },
      ]);
      // Silent as long, without a reboot: back when it reported again.
      expect((await physicalStatus('LOS-CABLE')).physicalStatus.downtime).toEqual([
        { cause: 'offline', startTime: (r1 + 300) * 1000, endTime: r3 * 1000 },
      ]);
    });

    it('should list a spell that began before the span and ended in it, and nothing that ended before', async () => {
      const bootedAt = (r3 - 100) * 1000;
      const since = async (startTime: number) => {
        const response = await get(apiPaths.physicalStatusSpan, 'LOS-DSL', csr, {
          startTime,
          endTime: now * 1000,
        });
        return response.json<PhysicalStatusResponse>().gateway.physicalStatus.downtime;
      };
      expect(await since((r2 + 600) * 1000)).toEqual([
        { cause: 'offline', startTime: (r2 + 300) * 1000, endTime: bootedAt },
        { cause: 'reboot', startTime: bootedAt, endTime: bootedAt },
      ]);
      expect(await since(bootedAt + 1)).toEqual([]);
    });

    it('should give the connection details from the line and the latest report', async () => {
      const { details, lineOfServiceCode } = await physicalStatus('LOS-DSL');
      expect(lineOfServiceCode).toBe('LOS-DSL');
      expect(details).toEqual({
        online: true,
        mostRecentReportTime: r3 * 1000,
        reportingIntervalSeconds: 300,
        wanType: 32,
        wanIp: '203.0.113.7',
        macAddress: '00:26:ab:00:00:99',
        manufacturer: expect.any(String),
        modelName: 'SR400',
        serialNumber: 'SN-0042',
        firmwareVersion: '7.1.3',
        clientVersion: '4.2.0',
        buildIdentifier: 'build-2026.01',
      });
    });
  });

  describe('WAN statistics of a DSL line', () => {
    it('should give each section of the latest report in dB, saying which had no data', async () => {
      const stats = await wanStats('LOS-DSL');
      if (stats?.kind !== 'dsl') throw new Error(`expected DSL statistics, got ${stats?.kind}`);
      expect(stats.timestamp).toBe(r3 * 1000);
      const [line] = stats.dslPerformance;
      expect(line?.status).toEqual({
        noData: false,
        status: 'Up',
        standard: 'G.993.2',
        trafficType: 'G.993.2_Annex_K_PTM',
        linkPowerState: 'L0',
        retrains: 1,
      });
      expect(line?.stats.downstream).toMatchObject({
        noData: false,
        snr: 12.3,
        attenuation: 18.2,
        power: 14.5,
        attainRate: 98_000,
        currentRate: 80_000,
        ginp: true,
      });
      expect(line?.stats.upstream).toMatchObject({ snr: 12, attenuation: 9.1, power: 6.2 });
      expect(line?.ginp.downstream).toEqual({ noData: false, rtxc: 5, rtxuc: 3 });
      expect(line?.errors.downstream).toMatchObject({ noData: false, rsCorr: 5_400, ses: 1 });
      expect(line?.errors.upstream).toMatchObject({ noData: true, frameErrors: null });
    });

    it('should chart the noise margin in dB and G.INP as retransmissions per bucket, with the retrain marked', async () => {
      const stats = await wanStats('LOS-DSL');
      if (stats?.kind !== 'dsl') throw new Error(`expected DSL statistics, got ${stats?.kind}`);
      const { timeseries } = stats;
      expect(timeseries).toMatchObject({ intervalMinutes: 1, startTime: spanStart });
      const downstream = timeseries.lines['1']?.downstream;
      expect([r1, r2, r3].map((seconds) => downstream?.snr[bucketOf(seconds)])).toEqual([
        12.3, 13.1, 12.3,
      ]);
      // The counter went from 100 to 160 between the first two reports.
      expect(downstream?.ginpRtxc[bucketOf(r1)]).toBeNull();
      expect(downstream?.ginpRtxc[bucketOf(r2)]).toBe(60);
      expect(timeseries.lines['1']?.upstream.ginpRtxc[bucketOf(r2)]).toBe(0);
      expect(downstream?.currentRate[bucketOf(r2)]).toBe(80_000);
      expect(downstream?.snr).toHaveLength(61);
      // Retrained after the reboot: the line's LastChange, 50 s before the report.
      expect(timeseries.dslRetrainTimes).toEqual([(r3 - 50) * 1000]);
    });
  });

  describe('WAN statistics of a DOCSIS line', () => {
    it('should give the channel tables in Hz, dBmV and dB, and symbols per second', async () => {
      const stats = await wanStats('LOS-CABLE');
      if (stats?.kind !== 'docsis')
        throw new Error(`expected DOCSIS statistics, got ${stats?.kind}`);
      expect(stats.timestamp).toBe(r3 * 1000);
      expect(stats.dsChannelStats).toEqual([
        {
          channelNumber: 1,
          channelId: 17,
          modulation: 'QAM256',
          frequency: 602_000_000,
          power: 3.5,
          snr: 39.8,
          totalCorrectableErrors: 1_200,
          totalUncorrectableErrors: 4,
        },
      ]);
      expect(stats.usChannelStats).toEqual([
        {
          channelNumber: 1,
          channelId: 3,
          modulation: 'ATDMA',
          frequency: 36_600_000,
          power: 44.5,
          symbolRate: 5_120_000,
        },
      ]);
    });

    it('should chart SNR per downstream channel and symbol rate per upstream channel', async () => {
      const stats = await wanStats('LOS-CABLE');
      if (stats?.kind !== 'docsis')
        throw new Error(`expected DOCSIS statistics, got ${stats?.kind}`);
      const { dsSnrSeries, usSymbolRateSeries } = stats.timeseries.channelSeries;
      expect(dsSnrSeries.map((series) => series.channelId)).toEqual([17]);
      expect([r1, r3].map((seconds) => dsSnrSeries[0]?.data[bucketOf(seconds)])).toEqual([
        40.2, 39.8,
      ]);
      expect(usSymbolRateSeries.map((series) => series.channelId)).toEqual([3]);
      expect(usSymbolRateSeries[0]?.data[bucketOf(r1)]).toBe(5_120_000);
      expect(usSymbolRateSeries[0]?.data[bucketOf(r2)]).toBeNull();
    });

    it('should give the latest spectrum analysis with its amplitudes as reported', async () => {
      const response = await get(apiPaths.docsisSpectrumAnalysis, 'LOS-CABLE');
      expect(response.statusCode).toBe(200);
      expect(response.json<SpectrumAnalysisResponse>()).toEqual({
        timestamp: r3 * 1000,
        spectrumAnalysis: [
          {
            segmentCenterFrequency: 300_000_000,
            measurementFrequencySpan: 7_500_000,
            channelNumber: null,
            downstreamOrUpstream: 'unknown',
            amplitudeData: [-4500, -4400],
          },
          {
            segmentCenterFrequency: 603_000_000,
            measurementFrequencySpan: 7_500_000,
            channelNumber: 17,
            downstreamOrUpstream: 'downstream',
            amplitudeData: [310, 320, -15],
          },
        ],
      });
    });
  });

  describe('lines with nothing to show', () => {
    it('should say a fibre line has no WAN statistics to show: its type, and none', async () => {
      const response = await get(apiPaths.wanStatsSpan, 'LOS-FIBRE');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ gateway: { wanType: 96, wanStats: null } });
    });

    it.each([
      ['a DSL line that has not reported its line', 'LOS-DSLNEW'],
      ['a line that never reported', 'LOS-QUIET'],
    ])('should answer the WAN statistics of %s with 204', async (_, code) => {
      const response = await get(apiPaths.wanStatsSpan, code);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    });

    it.each([
      ['a DSL line', 'LOS-DSL'],
      ['a fibre line', 'LOS-FIBRE'],
      ['a line that never reported', 'LOS-QUIET'],
    ])('should answer the spectrum of %s with 204', async (_, code) => {
      const response = await get(apiPaths.docsisSpectrumAnalysis, code);
      expect(response.statusCode).toBe(204);
    });

    it('should answer the physical status of a line that never reported with 204', async () => {
      const response = await get(apiPaths.physicalStatusSpan, 'LOS-QUIET');
      expect(response.statusCode).toBe(204);
    });
  });

  describe('refusals', () => {
    const spans = [apiPaths.physicalStatusSpan, apiPaths.wanStatsSpan];

    it.each([
      [
        'a start that is no time',
        { startTime: 'yesterday', endTime: now * 1000 },
        'MONITORING.INVALID_TIME',
      ],
      ['an empty end', { startTime: spanStart, endTime: '' }, 'MONITORING.INVALID_TIME'],
      [
        'a start after the end',
        { startTime: now * 1000, endTime: spanStart },
        'MONITORING.SPAN_START_AFTER_END',
      ],
      [
        'more than 31 days',
        { startTime: now * 1000 - 32 * 86_400_000, endTime: now * 1000 },
        'MONITORING.SPAN_TOO_LONG',
      ],
    ])('should refuse %s with 400', async (_, query, code) => {
      for (const template of spans) {
        const response = await get(template, 'LOS-DSL', csr, query);
        expect(response.statusCode, template).toBe(400);
        expect(response.json().error.code).toBe(code);
      }
    });

    it('should read a month, 31 days at most, a point every 8 hours', async () => {
      const response = await get(apiPaths.physicalStatusSpan, 'LOS-DSL', csr, {
        startTime: now * 1000 - 31 * 86_400_000,
        endTime: now * 1000,
      });
      expect(response.statusCode).toBe(200);
      const status = response.json<PhysicalStatusResponse>().gateway.physicalStatus;
      expect(status.intervalMinutes).toBe(480);
      // The three reports fall in the same 8 hours: their average.
      expect(status.cpuLoad.filter((value) => value !== null)).toEqual([(40 + 55 + 12) / 3]);
    });

    it.each([apiPaths.physicalStatusSpan, apiPaths.wanStatsSpan, apiPaths.docsisSpectrumAnalysis])(
      'should answer %s for a line that does not exist with 404',
      async (template) => {
        const response = await get(template, 'LOS-NOWHERE');
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('PROVISIONING.LINE_OF_SERVICE_NOT_FOUND');
      },
    );

    it.each([apiPaths.physicalStatusSpan, apiPaths.wanStatsSpan, apiPaths.docsisSpectrumAnalysis])(
      'should refuse %s to the consumer, even of their own line',
      async (template) => {
        const response = await get(template, 'LOS-DSL', consumer);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('AUTH.FORBIDDEN');
      },
    );
  });

  it('should show a gateway that stopped reporting offline since its last report, still', async () => {
    sut.clock.advanceSeconds(2.5 * 300);
    const { physicalStatus: status, details } = await physicalStatus('LOS-DSL');
    expect(details.online).toBe(false);
    expect(status.downtime.at(-1)).toEqual({
      cause: 'offline',
      startTime: r3 * 1000,
      endTime: null,
    });
    // UpTime is known only as last reported once the gateway is offline.
    expect(status.secondsSinceLastReboot).toBe(100);
  });
});
