import {
  bandwidthTimespanSeconds,
  macAddressPattern,
  type MacCounters,
  type MacCountersResponse,
  macCountersTimespans,
  type MacSeries,
  maxZoomSeconds,
  parameterNames,
  type ParameterResponse,
  type Timespan,
  timespanSpacingSeconds,
  zoomLeadSeconds,
} from '@linesight/contract';
import type { Clock } from '../../clock';
import type { TierSeconds } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { HostGrid, SeriesRepository } from '../../telemetry/series.repository';
import { lineOfServiceNotFound } from '../devices/devices.service';
import type { HomeNetworkRepository } from './home-network.repository';
import { byName } from './home-network.service';
import { emptySeries, type Grid, gridRange, spanGrid, spanOf } from './span-grid';

/**
 * The bandwidth chart's data (seed 001 sections 3, 4 and 9): per LAN device, the bytes it
 * received (in, downstream) and sent (out, upstream), its WiFi signal and link rates, a point
 * per bucket of the tier whose spacing the timespan draws, null where the gateway reported
 * nothing. Every timespan has a fixed number of points ending with the bucket that holds now,
 * so the chart's x axis does not depend on what was reported.
 */

export interface BandwidthSettings {
  /** What `maccounters.frequency` answers: the reporting frequency the charts assume. */
  reportingFrequencySeconds: number;
}

/** What /maccounter answers with no timespan asked for (month is /maccounter30's). */
const defaultTimespans = ['hour', 'day', 'week'] as const satisfies readonly Timespan[];

/** A timespan's grid at `now`: its points end with the bucket holding now. */
function timespanGrid(timespan: Timespan, now: Date): Grid {
  const tier = timespanSpacingSeconds[timespan] as TierSeconds;
  const points = Math.ceil(bandwidthTimespanSeconds[timespan] / tier);
  const tierMs = tier * 1000;
  const current = Math.floor(now.getTime() / tierMs) * tierMs;
  return { tier, start: new Date(current - (points - 1) * tierMs), points };
}

const refused = (
  code: 'MONITORING.INVALID_MAC_ADDRESS' | 'MONITORING.UNKNOWN_TIMESPAN',
  message: string,
): ApiError => new ApiError(400, code, message);

/**
 * The series of one host over a grid, from its grid as read (all null when it has none). A
 * gateway without per-host byte counters still gets a row per host (signal, rates) whose bytes
 * are 0: those are not reported, so null.
 */
function seriesOf(grid: Grid, read: HostGrid | undefined, countsBytes: boolean): MacSeries {
  const empty = () => emptySeries(grid);
  const bytes = (series: HostGrid['bytesIn'] | undefined) =>
    countsBytes ? (series ?? empty()) : empty();
  return {
    startTime: grid.start.getTime(),
    intervalSeconds: grid.tier,
    inBytes: bytes(read?.bytesIn),
    outBytes: bytes(read?.bytesOut),
    rssi: read?.signalDbm ?? empty(),
    // The gateway's uplink is what it receives from the device; its downlink, what it sends.
    rxRate: read?.uplinkKbps ?? empty(),
    txRate: read?.downlinkKbps ?? empty(),
  };
}

export class BandwidthService {
  constructor(
    private readonly homeNetwork: HomeNetworkRepository,
    private readonly series: SeriesRepository,
    private readonly clock: Clock,
    private readonly settings: BandwidthSettings,
  ) {}

  /** Hour, day and week, or the one `timespan` asked for; null before the gateway reports. */
  async counters(code: string, timespan: string | undefined): Promise<MacCountersResponse | null> {
    let timespans: readonly Timespan[] = defaultTimespans;
    if (timespan !== undefined) {
      const parsed = macCountersTimespans.safeParse(timespan);
      if (!parsed.success) {
        throw refused(
          'MONITORING.UNKNOWN_TIMESPAN',
          `timespan must be one of ${macCountersTimespans.options.join(', ')}.`,
        );
      }
      timespans = [parsed.data];
    }
    const now = this.clock.now();
    return this.read(
      code,
      timespans.map((name) => ({ name, grid: timespanGrid(name, now) })),
    );
  }

  /** The month (/maccounter30); null before the gateway reports. */
  async month(code: string): Promise<MacCountersResponse | null> {
    return this.read(code, [{ name: 'month', grid: timespanGrid('month', this.clock.now()) }]);
  }

  /**
   * A zoomed range of the MACs named (every host when none is), from the tier `tierForSpan`
   * gives it; its end is clamped to now. Null before the gateway reports.
   */
  async zoom(
    code: string,
    query: { startTime: string; endTime: string; macAddress?: string | string[] },
  ): Promise<MacCountersResponse | null> {
    const { from, to } = spanOf(query, {
      maxSeconds: maxZoomSeconds + zoomLeadSeconds,
      tooLong: `A zoom spans at most ${maxZoomSeconds / 3600} hours.`,
      endAtMost: this.clock.now(),
    });
    const named = [query.macAddress ?? []].flat().map((mac) => mac.trim().toLowerCase());
    const malformed = named.find((mac) => !macAddressPattern.test(mac));
    if (malformed !== undefined) {
      throw refused(
        'MONITORING.INVALID_MAC_ADDRESS',
        `${malformed} is not a MAC address (six hex pairs joined by colons).`,
      );
    }
    return this.read(
      code,
      [{ name: 'zoom', grid: spanGrid(from, to) }],
      named.length > 0 ? new Set(named) : null,
    );
  }

  /** A portal parameter the charts read; only the reporting frequency exists. */
  parameter(name: string): ParameterResponse {
    if (!parameterNames.some((known) => known === name)) {
      throw new ApiError(404, 'MONITORING.UNKNOWN_PARAMETER', `No parameter is named ${name}.`);
    }
    return { name, value: this.settings.reportingFrequencySeconds };
  }

  /** Every host of the line (or those in `only`), each with a series per grid. */
  private async read(
    code: string,
    grids: readonly { name: keyof MacCounters['bm']; grid: Grid }[],
    only: ReadonlySet<string> | null = null,
  ): Promise<MacCountersResponse | null> {
    const found = await this.homeNetwork.lineWithState(code);
    if (!found) throw lineOfServiceNotFound(code);
    if (!found.state) return null;
    const lineId = found.line.id;
    const [hosts, labels, ...readPerGrid] = await Promise.all([
      this.homeNetwork.hosts(lineId),
      this.homeNetwork.labels(lineId),
      ...grids.map(({ grid }) => this.series.hostGrid(lineId, gridRange(grid))),
    ]);
    const aliases = new Map(labels.map((label) => [label.mac, label.alias]));
    const shown = hosts
      .filter((host) => only === null || only.has(host.mac))
      .map((host) => ({
        macAddress: host.mac,
        host: aliases.get(host.mac) ?? host.hostName ?? host.mac,
      }))
      .sort((a, b) => byName.compare(a.host, b.host) || a.macAddress.localeCompare(b.macAddress));
    const readByMac = readPerGrid.map((read) => new Map(read.map((host) => [host.mac, host])));
    const countsBytes = found.state.capabilities.includes('macCounters');
    return {
      hosts: shown.map(({ macAddress, host }) => ({
        macAddress,
        host,
        bm: Object.fromEntries(
          grids.map(({ name, grid }, index) => [
            name,
            seriesOf(grid, readByMac[index]?.get(macAddress), countsBytes),
          ]),
        ),
      })),
    };
  }
}
