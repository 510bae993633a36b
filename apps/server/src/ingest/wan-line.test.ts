import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  gatewayEvents,
  gatewaySnapshots,
  gatewayState,
  hostState,
  wanMetrics,
  type WanSeriesSums,
} from '../db/schema';
import { capabilitiesOf } from './capabilities';
import { SeriesRepository, tierForSpan } from '../telemetry/series.repository';
import { offlineBetween } from './telemetry-batch';
import { emptyWrites, TelemetryRepository } from '../telemetry/telemetry.repository';
import { docsisChannelsOf, dslLinesOf, spectrumOf } from './wan-line';
import { systemActor } from '../modules/audit/actor';

type Report = Record<string, string | number | boolean>;

/** A VDSL2 line with G.INP, as the simulator and most DSL gateways report it. */
function dslReport(
  seconds: number,
  line: { uptime: number; retrains: number; lastChange: number; rtxcDs: number; snrDs?: number },
): Report {
  return {
    CollectionTime: seconds,
    'Device.DeviceInfo.UpTime': line.uptime,
    'Device.DeviceInfo.X_LINESIGHT_ClientVersion': '3.4.1',
    'Device.DeviceInfo.X_LINESIGHT_BuildIdentifier': 'b2026.10.14-7f3a9c',
    'Device.BulkData.Profile.1.ReportingInterval': 300,
    'Device.IP.Interface.1.IPv4Address.1.IPAddress': '192.168.1.1',
    'Device.IP.Interface.2.IPv4Address.1.IPAddress': '81.2.69.160',
    'Device.DSL.Line.1.Status': 'Up',
    'Device.DSL.Line.1.StandardUsed': 'G.993.2',
    'Device.DSL.Line.1.PowerManagementState': 'L0',
    'Device.DSL.Line.1.TRELLISds': 1,
    'Device.DSL.Line.1.TRELLISus': 0,
    'Device.DSL.Line.1.LastChange': line.lastChange,
    'Device.DSL.Line.1.DownstreamNoiseMargin': line.snrDs ?? 95,
    'Device.DSL.Line.1.UpstreamNoiseMargin': 120,
    'Device.DSL.Line.1.DownstreamAttenuation': 182,
    'Device.DSL.Line.1.UpstreamAttenuation': 91,
    'Device.DSL.Line.1.DownstreamPower': 145,
    'Device.DSL.Line.1.UpstreamPower': 62,
    'Device.DSL.Line.1.DownstreamMaxBitRate': 98000,
    'Device.DSL.Line.1.UpstreamMaxBitRate': 31000,
    'Device.DSL.Line.1.X_LINESIGHT_Retrains': line.retrains,
    'Device.DSL.Line.1.Stats.Total.ErroredSecs': 12,
    'Device.DSL.Line.1.Stats.Total.SeverelyErroredSecs': 1,
    'Device.DSL.Channel.1.LowerLayers': 'Device.DSL.Line.1.',
    'Device.DSL.Channel.1.LinkEncapsulationUsed': 'G.993.2_Annex_K_PTM',
    'Device.DSL.Channel.1.DownstreamCurrRate': 80000,
    'Device.DSL.Channel.1.UpstreamCurrRate': 20000,
    'Device.DSL.Channel.1.Stats.Total.XTURFECErrors': 5400,
    'Device.DSL.Channel.1.Stats.Total.XTUCFECErrors': 210,
    'Device.DSL.Channel.1.Stats.Total.XTURCRCErrors': 7,
    'Device.DSL.Channel.1.Stats.Total.XTUCCRCErrors': 2,
    'Device.DSL.Channel.1.X_LINESIGHT_RtxCds': line.rtxcDs,
    'Device.DSL.Channel.1.X_LINESIGHT_RtxUCds': 3,
    'Device.DSL.Channel.1.X_LINESIGHT_RtxCus': 40,
    'Device.DSL.Channel.1.X_LINESIGHT_RtxUCus': 0,
    'Device.Hosts.Host.1.PhysAddress': 'aa:bb:cc:00:00:01',
    'Device.Hosts.Host.1.Active': true,
    'Device.Hosts.Host.1.X_LINESIGHT_Blocked': true,
  };
}

const docsisReport: Report = {
  'Device.DOCSIS.DownstreamChannel.1.ID': 17,
  'Device.DOCSIS.DownstreamChannel.1.Frequency': 602_000_000,
  'Device.DOCSIS.DownstreamChannel.1.Width': 8_000_000,
  'Device.DOCSIS.DownstreamChannel.1.Modulation': 'QAM256',
  'Device.DOCSIS.DownstreamChannel.1.Power': 35,
  'Device.DOCSIS.DownstreamChannel.1.SignalQuality.SignalNoise': 402,
  'Device.DOCSIS.DownstreamChannel.1.SignalQuality.ExtCorrecteds': 1200,
  'Device.DOCSIS.DownstreamChannel.1.SignalQuality.ExtUncorrectables': 4,
  'Device.DOCSIS.UpstreamChannel.1.ID': 3,
  'Device.DOCSIS.UpstreamChannel.1.Frequency': 36_600_000,
  'Device.DOCSIS.UpstreamChannel.1.Width': 6_400_000,
  'Device.DOCSIS.UpstreamChannel.1.Status.TxPower': 445,
  'Device.DOCSIS.UpstreamChannel.1.Status.ModulationType': 'ATDMA',
  'Device.DOCSIS.SpectrumAnalysis.SegmentFrequencySpan': 7_500_000,
  'Device.DOCSIS.SpectrumAnalysis.Result.1.Frequency': 603_000_000,
  'Device.DOCSIS.SpectrumAnalysis.Result.1.AmplitudeData': '310,320,-15',
  'Device.DOCSIS.SpectrumAnalysis.Result.2.Frequency': 37_000_000,
  'Device.DOCSIS.SpectrumAnalysis.Result.2.AmplitudeData': '420',
  'Device.DOCSIS.SpectrumAnalysis.Result.3.Frequency': 300_000_000,
  'Device.DOCSIS.SpectrumAnalysis.Result.3.AmplitudeData': '-4500,x,-4400',
};

const parametersOf = (report: Report) =>
  new Map(Object.entries(report).filter(([path]) => path !== 'CollectionTime'));

describe('normalising the WAN line', () => {
  it('should read a DSL line into the status, stats, G.INP and errors sections', () => {
    const [line] = dslLinesOf(
      parametersOf(dslReport(0, { uptime: 1, retrains: 2, lastChange: 60, rtxcDs: 900 })),
    );
    expect(line?.status).toEqual({
      status: 'Up',
      standard: 'G.993.2',
      trafficType: 'G.993.2_Annex_K_PTM',
      linkPowerState: 'L0',
      retrains: 2,
    });
    expect(line?.stats.downstream).toEqual({
      trellis: true,
      phyr: null,
      ginp: true,
      snr: 95,
      attenuation: 182,
      power: 145,
      attainRate: 98000,
      currentRate: 80000,
      retransmission: true,
    });
    expect(line?.stats.upstream).toMatchObject({ trellis: false, snr: 120, currentRate: 20000 });
    expect(line?.ginp).toEqual({
      downstream: { rtxc: 900, rtxuc: 3 },
      upstream: { rtxc: 40, rtxuc: 0 },
    });
    expect(line?.errors.downstream).toMatchObject({
      rsCorr: 5400,
      frameErrors: 7,
      erroredSecs: 12,
    });
    expect(line?.errors.upstream).toMatchObject({ rsCorr: 210, frameErrors: 2, erroredSecs: null });
  });

  it('should read DOCSIS channels, deriving the upstream symbol rate from the width', () => {
    const channels = docsisChannelsOf(parametersOf(docsisReport));
    expect(channels?.dsChannelStats).toEqual([
      {
        channelNumber: 1,
        channelId: 17,
        modulation: 'QAM256',
        frequency: 602_000_000,
        width: 8_000_000,
        power: 35,
        snr: 402,
        totalCorrectableErrors: 1200,
        totalUncorrectableErrors: 4,
      },
    ]);
    expect(channels?.usChannelStats[0]).toMatchObject({ channelId: 3, symbolRate: 5_120_000 });
    expect(docsisChannelsOf(new Map())).toBeNull();
  });

  it('should class spectrum segments by the channel whose band holds them', () => {
    const parameters = parametersOf(docsisReport);
    const spectrum = spectrumOf(parameters, docsisChannelsOf(parameters));
    expect(
      spectrum?.map(({ segmentCenterFrequency, channelNumber, downstreamOrUpstream }) => [
        segmentCenterFrequency,
        channelNumber,
        downstreamOrUpstream,
      ]),
    ).toEqual([
      [37_000_000, 3, 'upstream'],
      [300_000_000, null, 'unknown'],
      [603_000_000, 17, 'downstream'],
    ]);
    expect(spectrum?.[1]?.amplitudeData).toEqual([-4500, -4400]);
    expect(spectrum?.[0]?.measurementFrequencySpan).toBe(7_500_000);
  });

  it('should set the capability flags from what a report carries', () => {
    expect([
      ...capabilitiesOf(
        parametersOf(dslReport(0, { uptime: 1, retrains: 0, lastChange: 1, rtxcDs: 0 })),
      ),
    ]).toEqual(['commands', 'dslPerformance', 'localNetworkDevices']);
    expect([...capabilitiesOf(parametersOf(docsisReport))]).toEqual(['docsis', 'docsisSa']);
  });

  it('should see an offline spell only in a gap longer than the reporting interval allows', () => {
    const previous = { reportedAt: new Date(0), reportingIntervalSeconds: 300 };
    expect(offlineBetween(previous, new Date(600_000), 300, null)).toBeNull();
    expect(offlineBetween(previous, new Date(3_600_000), 300, null)).toEqual({
      at: new Date(300_000),
      until: new Date(3_600_000),
    });
    // Back at its reboot: the power was off, not the line.
    expect(offlineBetween(previous, new Date(3_600_000), 300, new Date(3_000_000))).toEqual({
      at: new Date(300_000),
      until: new Date(3_000_000),
    });
    // Backfilled history reports every two hours, and says so.
    expect(offlineBetween(previous, new Date(7_200_000), 7200, null)).toBeNull();
  });
});

describe('storing the WAN line', () => {
  let sut: TestApp;
  let lineId: string;
  const t0 = Date.UTC(2026, 0, 1, 12) / 1000;

  beforeAll(async () => {
    sut = await createTestApp();
    const provisioned = await sut.app.services.devices.provision(systemActor, 'LOS-DSL', false);
    const token = provisioned.reportingUrl.split('/').at(-1) ?? '';
    sut.clock.advanceSeconds(6 * 3600);
    const post = async (reports: object[]) => {
      const response = await sut.app.inject({
        method: 'POST',
        url: `/report/v1/${token}`,
        payload: { Report: reports },
      });
      expect(response.statusCode).toBe(200);
    };
    // One body: three reports, the third after a retrain 100 s before it.
    await post([
      dslReport(t0, { uptime: 5000, retrains: 1, lastChange: 4000, rtxcDs: 1000 }),
      dslReport(t0 + 300, { uptime: 5300, retrains: 1, lastChange: 4300, rtxcDs: 1600 }),
      dslReport(t0 + 600, { uptime: 5600, retrains: 2, lastChange: 100, rtxcDs: 50, snrDs: 80 }),
    ]);
    // Then silence for an hour, and a DOCSIS-less report again.
    await post([
      dslReport(t0 + 4200, { uptime: 9200, retrains: 2, lastChange: 3700, rtxcDs: 250 }),
    ]);
    const [state] = await sut.database.db.select().from(gatewayState);
    lineId = state?.lineId ?? '';
  });
  afterAll(() => sut.close());

  const db = () => sut.database.db;
  /** The 60 s buckets that hold series `name`, oldest first, each with its sum. */
  const series = async (name: string) => {
    const rows = await db()
      .select({ bucket: wanMetrics.bucket, series: wanMetrics.series })
      .from(wanMetrics)
      .where(and(eq(wanMetrics.lineId, lineId), eq(wanMetrics.tier, 60)))
      .orderBy(asc(wanMetrics.bucket));
    return rows.flatMap(({ bucket, series }) => {
      const sums = series[name];
      return sums ? [{ bucket, valueSum: sums[0] }] : [];
    });
  };

  it('should keep each DSL gauge as a series per direction', async () => {
    expect((await series('dsl.1.snr.downstream')).map((row) => row.valueSum)).toEqual([
      95, 95, 80, 95,
    ]);
    expect((await series('dsl.1.currentRate.upstream')).length).toBe(4);
  });

  it('should keep G.INP counters as deltas, the counter itself after a retrain', async () => {
    expect((await series('dsl.1.ginpRtxc.downstream')).map((row) => row.valueSum)).toEqual([
      600, 50, 200,
    ]);
  });

  it('should record the retrain at the report time less LastChange, and the offline hour', async () => {
    const events = await db()
      .select({ kind: gatewayEvents.kind, at: gatewayEvents.at, until: gatewayEvents.until })
      .from(gatewayEvents)
      .where(eq(gatewayEvents.lineId, lineId))
      .orderBy(asc(gatewayEvents.at));
    expect(events).toEqual([
      { kind: 'retrain', at: new Date((t0 + 500) * 1000), until: null },
      { kind: 'offline', at: new Date((t0 + 900) * 1000), until: new Date((t0 + 4200) * 1000) },
    ]);
  });

  it('should keep the latest DSL sections, support information and capabilities', async () => {
    const [snapshot] = await db()
      .select()
      .from(gatewaySnapshots)
      .where(like(gatewaySnapshots.kind, 'dsl'));
    expect(snapshot?.reportedAt).toEqual(new Date((t0 + 4200) * 1000));
    expect(snapshot?.payload).toMatchObject({
      dslPerformance: [{ line: 1, status: { retrains: 2 }, ginp: { downstream: { rtxc: 250 } } }],
    });
    const [state] = await db().select().from(gatewayState);
    expect(state).toMatchObject({
      clientVersion: '3.4.1',
      buildIdentifier: 'b2026.10.14-7f3a9c',
      wanIp: '81.2.69.160',
      reportingIntervalSeconds: 300,
      capabilities: ['commands', 'dslPerformance', 'localNetworkDevices'],
    });
    const [host] = await db().select().from(hostState);
    expect(host?.blocked).toBe(true);
  });

  it('should roll the WAN series up into the chart tiers and read a span from its tier', async () => {
    await new TelemetryRepository(db()).rollUp(new Date((t0 + 86_400) * 1000));
    const reader = new SeriesRepository(db());
    const from = new Date(t0 * 1000);
    const to = new Date((t0 + 7200) * 1000);
    const [quarterHours] = await reader.wanGrid(lineId, 'dsl.1.snr.down', { tier: 900, from, to });
    expect(quarterHours?.series).toBe('dsl.1.snr.downstream');
    expect(quarterHours?.value.filter((value) => value !== null)).toEqual([90, 95]);
    const [retransmitted] = await reader.wanGrid(lineId, 'dsl.1.ginpRtxc.downstream', {
      tier: 7200,
      from,
      to,
    });
    expect(retransmitted?.total).toEqual([850]);
  });

  it('should add series written apart into the same bucket, each to its own', async () => {
    const other = '7e1b9f3c-0000-4000-8000-000000000001';
    const bucket = new Date(t0 * 1000);
    const write = (series: WanSeriesSums) =>
      new TelemetryRepository(db()).write({
        ...emptyWrites(),
        wanMetrics: [{ lineId: other, tier: 60, bucket, series }],
      });
    await write({ 'dsl.1.snr.downstream': [90, 1], 'dsl.1.power.downstream': [120, 1] });
    await write({ 'dsl.1.snr.downstream': [80, 1] });
    const minute = { tier: 60 as const, from: bucket, to: new Date((t0 + 60) * 1000) };
    expect(await new SeriesRepository(db()).wanGrid(other, 'dsl.1.', minute)).toEqual([
      { series: 'dsl.1.power.downstream', value: [120], total: [120] },
      { series: 'dsl.1.snr.downstream', value: [85], total: [170] },
    ]);
  });
});

describe(tierForSpan.name, () => {
  it.each([
    ['an hour', 3600, 60],
    ['a half-day', 11.75 * 3600, 900],
    ['a day', 23.75 * 3600, 900],
    ['a week', 165.8 * 3600, 7200],
    ['a month', 29.7 * 86_400, 28800],
  ] as const)('should draw %s from the %s s tier', (_span, seconds, tier) => {
    expect(tierForSpan(seconds)).toBe(tier);
  });
});
