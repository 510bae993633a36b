import {
  type ConnectionDetails,
  type Downtime,
  type DslPerformance,
  type PhysicalStatusResponse,
  type SpectrumAnalysisResponse,
  temperatureNotAvailable,
  type WanStats,
  type WanStatsResponse,
  wanClassOf,
} from '@linesight/contract';
import type { Clock } from '../../clock';
import {
  type Direction,
  directions,
  type DocsisChannels,
  type DslLine,
  type SpectrumEntry,
} from '../../telemetry/canonical-model';
import type { SeriesRepository, WanGrid } from '../../telemetry/series.repository';
import { lineOfServiceNotFound } from '../devices/devices.service';
import type {
  HomeNetworkRepository,
  LineWithState,
  SnapshotRecord,
} from './home-network.repository';
import {
  gatewayManufacturer,
  isGatewayOnline,
  reportingIntervalOf,
  secondsSinceLastReboot,
} from './home-network.service';
import type { LineHealthRepository } from './line-health.repository';
import { emptySeries, type Grid, gridIndex, gridRange, spanGrid, spanOf } from './span-grid';

/**
 * The gateway's own health and its access line's, as the gateway status, WAN statistics and
 * spectrum screens show them (seed 001 sections 2, 3, 8 and 9; docs/decisions/017): series on
 * the grid of the span asked for, the latest snapshots converted to the contract's units
 * (TR-181's tenths of dB become dB here), and the gateway's downtime.
 */

/** The longest span the charts ask for is a month (29.7 days); a calendar month is let through. */
export const maxLineHealthSpanSeconds = 31 * 86_400;

type GatewayState = NonNullable<LineWithState['state']>;
type Series = (number | null)[];

/** TR-181's tenths of a dB (or dBmV) as dB, rounded to a hundredth so averages stay readable. */
const decibels = (tenths: number | null): number | null =>
  tenths === null ? null : Math.round(tenths * 10) / 100;

const kibToBytes = (kib: number | null): number | null =>
  kib === null ? null : Math.round(kib * 1024);

/** A section's `noData`: the gateway reported none of its fields. */
const section = <T extends object>(fields: T): T & { noData: boolean } => ({
  noData: Object.values(fields).every((value) => value === null),
  ...fields,
});

function perDirection<T>(read: (direction: Direction) => T): Record<Direction, T> {
  return { downstream: read('downstream'), upstream: read('upstream') };
}

/** A DSL line of the snapshot in the contract's units, each section saying whether it had data. */
function dslPerformanceOf(line: DslLine): DslPerformance {
  return {
    line: line.line,
    status: section(line.status),
    stats: perDirection((direction) => {
      // `ginp` and `retransmission` are derived, never null: they do not count as data.
      const { ginp, retransmission, ...reported } = line.stats[direction];
      return {
        ...section({
          ...reported,
          snr: decibels(reported.snr),
          attenuation: decibels(reported.attenuation),
          power: decibels(reported.power),
        }),
        ginp,
        retransmission,
      };
    }),
    ginp: perDirection((direction) => section(line.ginp[direction])),
    errors: perDirection((direction) => section(line.errors[direction])),
  };
}

/** The DSL series charted per line and direction, and how each is read from its buckets. */
const dslSeries = {
  snr: (read: WanGrid) => read.value.map(decibels),
  attenuation: (read: WanGrid) => read.value.map(decibels),
  power: (read: WanGrid) => read.value.map(decibels),
  // Counter deltas: what was retransmitted in the bucket is their sum.
  ginpRtxc: (read: WanGrid) => read.total,
  ginpRtxuc: (read: WanGrid) => read.total,
  attainableRate: (read: WanGrid) => read.value,
  currentRate: (read: WanGrid) => read.value,
} as const;
type DslSeriesName = keyof typeof dslSeries;
type DslLineSeries = Record<Direction, Record<DslSeriesName, Series>>;

const isDslSeriesName = (name: string | undefined): name is DslSeriesName =>
  name !== undefined && Object.hasOwn(dslSeries, name);
const isDirection = (name: string | undefined): name is Direction =>
  directions.some((direction) => direction === name);

const emptyDslLine = (grid: Grid): DslLineSeries =>
  perDirection(
    () =>
      Object.fromEntries(Object.keys(dslSeries).map((name) => [name, emptySeries(grid)])) as Record<
        DslSeriesName,
        Series
      >,
  );

/** `dsl.{line}.{name}.{direction}` series pivoted into `lines[line][direction][name]`. */
function dslSeriesByLine(
  grid: Grid,
  lines: readonly number[],
  reads: readonly WanGrid[],
): Record<string, DslLineSeries> {
  const byLine: Record<string, DslLineSeries> = Object.fromEntries(
    lines.map((line) => [String(line), emptyDslLine(grid)]),
  );
  for (const read of reads) {
    const [, line, name, direction] = read.series.split('.');
    if (line === undefined || !isDslSeriesName(name) || !isDirection(direction)) continue;
    const series = (byLine[line] ??= emptyDslLine(grid));
    series[direction][name] = dslSeries[name](read);
  }
  return byLine;
}

/** `docsis.{ds|us}.{id}.{name}` series as one per channel id, in id order. */
function channelSeriesOf(
  grid: Grid,
  reads: readonly WanGrid[],
  [stream, name]: ['ds', 'snr'] | ['us', 'symbolRate'],
  channelIds: readonly number[],
  scale: (read: WanGrid) => Series,
): { channelId: number; data: Series }[] {
  const byId = new Map<number, Series>(channelIds.map((id) => [id, emptySeries(grid)]));
  for (const read of reads) {
    const [, readStream, id, readName] = read.series.split('.');
    if (readStream !== stream || readName !== name || !Number.isInteger(Number(id))) continue;
    byId.set(Number(id), scale(read));
  }
  return [...byId].sort(([a], [b]) => a - b).map(([channelId, data]) => ({ channelId, data }));
}

/** The id a channel's series is stored under (its DOCSIS ID, else its table instance). */
const seriesIdOf = (channel: { channelId: number | null; channelNumber: number }): number =>
  channel.channelId ?? channel.channelNumber;

export class LineHealthService {
  constructor(
    private readonly homeNetwork: HomeNetworkRepository,
    private readonly lineHealth: LineHealthRepository,
    private readonly series: SeriesRepository,
    private readonly clock: Clock,
  ) {}

  private async lineWithState(code: string): Promise<LineWithState> {
    const found = await this.homeNetwork.lineWithState(code);
    if (!found) throw lineOfServiceNotFound(code);
    return found;
  }

  private spanOf(query: { startTime: string; endTime: string }): { from: number; to: number } {
    return spanOf(query, {
      maxSeconds: maxLineHealthSpanSeconds,
      tooLong: `A span covers at most ${maxLineHealthSpanSeconds / 86_400} days.`,
    });
  }

  /**
   * RAM, CPU and temperature over the span, the latest readings, uptime, downtime and the
   * connection details; null before the gateway's first report.
   */
  async physicalStatus(
    code: string,
    query: { startTime: string; endTime: string },
  ): Promise<PhysicalStatusResponse | null> {
    const { from, to } = this.spanOf(query);
    const { line, state } = await this.lineWithState(code);
    if (!state) return null;
    const grid = spanGrid(from, to);
    const [points, events] = await Promise.all([
      this.series.gatewaySeries(line.id, gridRange(grid)),
      this.lineHealth.events(line.id, ['offline', 'reboot'], new Date(from), new Date(to)),
    ]);
    const freeRam = emptySeries(grid);
    const cpuLoad = emptySeries(grid);
    const temp = emptySeries(grid);
    for (const point of points) {
      const index = gridIndex(grid, point.bucket);
      if (index === null) continue;
      freeRam[index] = kibToBytes(point.ramFreeKib);
      cpuLoad[index] = point.cpuPercent;
      const reported = point.cpuPercent !== null || point.ramFreeKib !== null;
      temp[index] =
        point.temperatureTenths !== null
          ? Math.round(point.temperatureTenths)
          : reported
            ? temperatureNotAvailable
            : null;
    }
    const now = this.clock.now();
    const downtime: Downtime[] = events.map((event) =>
      event.kind === 'reboot'
        ? { cause: 'reboot', startTime: event.at.getTime(), endTime: event.at.getTime() }
        : {
            cause: 'offline',
            startTime: event.at.getTime(),
            endTime: event.until?.getTime() ?? null,
          },
    );
    // Offline now: the spell is open, from the last report, until the gateway reports again.
    if (!isGatewayOnline(state, now) && state.reportedAt.getTime() < to) {
      downtime.push({ cause: 'offline', startTime: state.reportedAt.getTime(), endTime: null });
    }
    return {
      gateway: {
        lineOfServiceCode: line.lineOfServiceCode,
        physicalStatus: {
          intervalMinutes: grid.tier / 60,
          startTime: grid.start.getTime(),
          totalRam: kibToBytes(state.ramTotalKib),
          freeRam,
          mostRecentFreeRam: kibToBytes(state.ramFreeKib),
          cpuLoad,
          mostRecentCPULoad: state.cpuPercent,
          temp,
          mostRecentTemp: state.temperatureTenths ?? temperatureNotAvailable,
          secondsSinceLastReboot: secondsSinceLastReboot(state, now),
          downtime,
        },
        details: this.connectionDetails(line, state, now),
      },
    };
  }

  private connectionDetails(
    line: LineWithState['line'],
    state: GatewayState,
    now: Date,
  ): ConnectionDetails {
    return {
      online: isGatewayOnline(state, now),
      mostRecentReportTime: state.reportedAt.getTime(),
      reportingIntervalSeconds: reportingIntervalOf(state),
      wanType: line.wanType,
      wanIp: state.wanIp,
      macAddress: line.deviceMac,
      manufacturer: gatewayManufacturer(line),
      modelName: line.deviceType,
      serialNumber: line.deviceIdentifier,
      firmwareVersion: state.firmwareVersion,
      clientVersion: state.clientVersion,
      buildIdentifier: state.buildIdentifier,
    };
  }

  /**
   * The access line's statistics: a DSL or DOCSIS line's latest sections and its series over
   * the span. Null (204) before the first report, and for a DSL or DOCSIS line that has not
   * reported its line yet; any other line type answers `wanStats` null: not supported.
   */
  async wanStats(
    code: string,
    query: { startTime: string; endTime: string },
  ): Promise<WanStatsResponse | null> {
    const { from, to } = this.spanOf(query);
    const { line, state } = await this.lineWithState(code);
    if (!state) return null;
    const snapshots = await this.homeNetwork.snapshots(line.id, ['dsl', 'docsis']);
    // A gateway that moved from one line type to the other keeps both: the newer one is its line.
    const [latest] = snapshots.sort((a, b) => b.reportedAt.getTime() - a.reportedAt.getTime());
    const grid = spanGrid(from, to);
    let wanStats: WanStats | null = null;
    if (latest?.kind === 'dsl') wanStats = await this.dslStats(line.id, latest, grid, from, to);
    if (latest?.kind === 'docsis') wanStats = await this.docsisStats(line.id, latest, grid);
    if (wanStats === null && wanClassOf(line.wanType) !== 'other') return null;
    return { gateway: { wanType: line.wanType, wanStats } };
  }

  private async dslStats(
    lineId: string,
    snapshot: SnapshotRecord,
    grid: Grid,
    from: number,
    to: number,
  ): Promise<WanStats> {
    const { dslPerformance } = snapshot.payload as { dslPerformance: DslLine[] };
    const [reads, retrains] = await Promise.all([
      this.series.wanGrid(lineId, 'dsl.', gridRange(grid)),
      this.lineHealth.events(lineId, ['retrain'], new Date(from), new Date(to)),
    ]);
    return {
      kind: 'dsl',
      timestamp: snapshot.reportedAt.getTime(),
      dslPerformance: dslPerformance.map(dslPerformanceOf),
      timeseries: {
        intervalMinutes: grid.tier / 60,
        startTime: grid.start.getTime(),
        lines: dslSeriesByLine(
          grid,
          dslPerformance.map((dsl) => dsl.line),
          reads,
        ),
        dslRetrainTimes: [...new Set(retrains.map((event) => event.at.getTime()))],
      },
    };
  }

  private async docsisStats(
    lineId: string,
    snapshot: SnapshotRecord,
    grid: Grid,
  ): Promise<WanStats> {
    const channels = snapshot.payload as DocsisChannels;
    const reads = await this.series.wanGrid(lineId, 'docsis.', gridRange(grid));
    return {
      kind: 'docsis',
      timestamp: snapshot.reportedAt.getTime(),
      dsChannelStats: channels.dsChannelStats.map(({ width: _width, ...channel }) => ({
        ...channel,
        power: decibels(channel.power),
        snr: decibels(channel.snr),
      })),
      usChannelStats: channels.usChannelStats.map(({ width: _width, ...channel }) => ({
        ...channel,
        power: decibels(channel.power),
      })),
      timeseries: {
        intervalMinutes: grid.tier / 60,
        startTime: grid.start.getTime(),
        channelSeries: {
          dsSnrSeries: channelSeriesOf(
            grid,
            reads,
            ['ds', 'snr'],
            channels.dsChannelStats.map(seriesIdOf),
            (read) => read.value.map(decibels),
          ),
          usSymbolRateSeries: channelSeriesOf(
            grid,
            reads,
            ['us', 'symbolRate'],
            channels.usChannelStats.map(seriesIdOf),
            (read) => read.value,
          ),
        },
      },
    };
  }

  /** The latest DOCSIS spectrum analysis as reported; null when there is none. */
  async spectrum(code: string): Promise<SpectrumAnalysisResponse | null> {
    const { line } = await this.lineWithState(code);
    const [snapshot] = await this.homeNetwork.snapshots(line.id, ['spectrum']);
    if (!snapshot) return null;
    const { spectrumAnalysis } = snapshot.payload as { spectrumAnalysis: SpectrumEntry[] };
    return { timestamp: snapshot.reportedAt.getTime(), spectrumAnalysis };
  }
}
