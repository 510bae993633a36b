import { capabilitiesOf, withCapabilities } from './capabilities';
import {
  describedAlike,
  descriptionOf,
  type HostStateRecord,
  type LanHost,
  lanHostsOf,
  readingOf,
} from '../telemetry/lan-hosts';
import { counterDelta, gatewaySampleOf, hostSamplesOf } from './normalise';
import type { FlatReport } from './report-format';
import { locationOf, siteSurveyOf, wifiSettingsOf } from './snapshots';
import type {
  GatewayEventRow,
  GatewayMetricsRow,
  GatewayStateRecord,
  HostMetricsRow,
  SnapshotRow,
  TelemetryWrites,
  WanMetricsRow,
} from '../telemetry/telemetry.repository';
import {
  docsisChannelsOf,
  docsisGauges,
  dslCounters,
  dslGauges,
  dslLinesOf,
  spectrumOf,
} from './wan-line';

const minute = 60_000;
const quarterHour = 900_000;

/** Boot times estimated from two reports differ by rounding; more than this is a new boot. */
const bootTimeToleranceMs = 120_000;

/** The reporting interval of a gateway that does not say (seed 001 section 9). */
export const defaultReportingIntervalSeconds = 300;

/**
 * A gap between two reports longer than this many reporting intervals is an offline spell: one
 * late report is jitter, two missing ones are not.
 */
const offlineAfterIntervals = 2.5;

/**
 * When the gateway rebooted between its previous report and this one, or null. A reboot moves
 * the boot time (report time less UpTime) forward: comparing boot times also catches a reboot
 * that a long gap hides, where the new UpTime has grown past the old one again.
 */
export function rebootBetween(
  previous: { reportedAt: Date; uptimeSeconds: number | null } | undefined,
  at: Date,
  uptimeSeconds: number | null,
): Date | null {
  if (!previous || previous.uptimeSeconds === null || uptimeSeconds === null) return null;
  const bootedAt = at.getTime() - uptimeSeconds * 1000;
  const previouslyBootedAt = previous.reportedAt.getTime() - previous.uptimeSeconds * 1000;
  return bootedAt - previouslyBootedAt > bootTimeToleranceMs ? new Date(bootedAt) : null;
}

/**
 * When the gateway was offline between its previous report and this one, or null: the gap
 * exceeds what its reporting interval allows. The spell starts when the next report was due and
 * ends when the gateway came back: at its reboot when it rebooted in the gap, else now.
 */
export function offlineBetween(
  previous: { reportedAt: Date; reportingIntervalSeconds: number | null } | undefined,
  at: Date,
  intervalSeconds: number | null,
  rebootedAt: Date | null,
): { at: Date; until: Date } | null {
  if (!previous) return null;
  const interval =
    (intervalSeconds ?? previous.reportingIntervalSeconds ?? defaultReportingIntervalSeconds) *
    1000;
  const gap = at.getTime() - previous.reportedAt.getTime();
  if (gap <= offlineAfterIntervals * interval) return null;
  const start = new Date(previous.reportedAt.getTime() + interval);
  const until = rebootedAt && rebootedAt > start ? rebootedAt : at;
  return { at: start, until };
}

const sampleOf = (value: number | null): { sum: number; samples: number } =>
  value === null ? { sum: 0, samples: 0 } : { sum: value, samples: 1 };

/** Adds `row`'s sums into `rows` under `key`; `maxima` keep the larger value instead. */
function accumulate<Row extends object>(
  rows: Map<string, Row>,
  key: string,
  row: Row,
  sums: readonly (keyof Row)[],
  maxima: readonly (keyof Row)[] = [],
): void {
  const existing = rows.get(key);
  if (!existing) {
    rows.set(key, row);
    return;
  }
  for (const column of sums) {
    (existing[column] as number) = Number(existing[column] ?? 0) + Number(row[column] ?? 0);
  }
  for (const column of maxima) {
    const [a, b] = [existing[column] as number | null, row[column] as number | null];
    (existing[column] as number | null) = a === null ? b : b === null ? a : Math.max(a, b);
  }
}

const gatewaySums = [
  'cpuSum',
  'cpuSamples',
  'ramTotalKibSum',
  'ramFreeKibSum',
  'ramSamples',
  'temperatureTenthsSum',
  'temperatureSamples',
] as const satisfies (keyof GatewayMetricsRow)[];
const hostSums = [
  'bytesIn',
  'bytesOut',
  'signalDbmSum',
  'signalSamples',
  'downlinkKbpsSum',
  'uplinkKbpsSum',
  'rateSamples',
] as const satisfies (keyof HostMetricsRow)[];

/**
 * One body's telemetry, worked out in memory and written in a few multi-row statements: the
 * gateway's health, each host's traffic and WiFi and the WAN line's series into the 60 s tier;
 * the latest state for the summary; reboots, offline spells and DSL retrains; the snapshots.
 * Reports are added oldest first. Counter deltas are taken against the newest earlier reading
 * only, so a report that arrives out of order adds its gauges but no traffic.
 */
export class TelemetryBatch {
  private state: GatewayStateRecord | undefined;
  private stateChanged = false;
  private readonly hosts: Map<string, LanHost>;
  /** The hosts' `host_state` rows as loaded: a row is written again only when it changes. */
  private readonly described: Map<string, HostStateRecord>;
  private readonly changedHosts = new Set<string>();
  private readonly gatewayRows = new Map<string, GatewayMetricsRow>();
  private readonly hostRows = new Map<string, HostMetricsRow>();
  private readonly wanRows = new Map<string, WanMetricsRow>();
  private readonly events: GatewayEventRow[] = [];
  private readonly snapshots = new Map<string, SnapshotRow>();
  private readonly pending = new Set<number>();

  constructor(
    private readonly lineId: string,
    state: GatewayStateRecord | undefined,
    hosts: HostStateRecord[],
  ) {
    this.state = state;
    this.described = new Map(hosts.map((host) => [host.mac, host]));
    this.hosts = new Map(
      lanHostsOf(hosts, state?.hostReadings ?? {}).map((host) => [host.mac, host]),
    );
  }

  add(report: FlatReport): void {
    const { lineId } = this;
    const at = new Date(report.collectionTime * 1000);
    const bucket = new Date(Math.floor(at.getTime() / minute) * minute);
    const gateway = gatewaySampleOf(report.parameters);
    const previous = this.state;
    const isNewest = !previous || previous.reportedAt < at;
    const rebootedAt = isNewest ? rebootBetween(previous, at, gateway.uptimeSeconds) : null;
    if (rebootedAt) this.events.push({ lineId, kind: 'reboot', at: rebootedAt });
    const offline = isNewest
      ? offlineBetween(previous, at, gateway.reportingIntervalSeconds, rebootedAt)
      : null;
    if (offline) this.events.push({ lineId, kind: 'offline', ...offline });

    const cpu = sampleOf(gateway.cpuPercent);
    const ramSampled = gateway.ramTotalKib !== null && gateway.ramFreeKib !== null;
    const temperature = sampleOf(gateway.temperatureTenths);
    accumulate(
      this.gatewayRows,
      String(bucket.getTime()),
      {
        lineId,
        tier: 60,
        bucket,
        cpuSum: cpu.sum,
        cpuSamples: cpu.samples,
        ramTotalKibSum: ramSampled ? (gateway.ramTotalKib ?? 0) : 0,
        ramFreeKibSum: ramSampled ? (gateway.ramFreeKib ?? 0) : 0,
        ramSamples: ramSampled ? 1 : 0,
        temperatureTenthsSum: temperature.sum,
        temperatureSamples: temperature.samples,
        uptimeMaxSeconds: gateway.uptimeSeconds,
      },
      gatewaySums,
      ['uptimeMaxSeconds'],
    );

    const lineCounters = this.addWanLine(report, at, bucket, isNewest, rebootedAt !== null);
    const capabilities = withCapabilities(
      previous?.capabilities ?? [],
      capabilitiesOf(report.parameters),
    );
    if (isNewest) {
      this.state = {
        lineId,
        reportedAt: at,
        uptimeSeconds: gateway.uptimeSeconds ?? previous?.uptimeSeconds ?? null,
        firmwareVersion: gateway.firmwareVersion ?? previous?.firmwareVersion ?? null,
        clientVersion: gateway.clientVersion ?? previous?.clientVersion ?? null,
        buildIdentifier: gateway.buildIdentifier ?? previous?.buildIdentifier ?? null,
        wanIp: gateway.wanIp ?? previous?.wanIp ?? null,
        reportingIntervalSeconds:
          gateway.reportingIntervalSeconds ?? previous?.reportingIntervalSeconds ?? null,
        cpuPercent: gateway.cpuPercent,
        ramTotalKib: gateway.ramTotalKib,
        ramFreeKib: gateway.ramFreeKib,
        temperatureTenths: gateway.temperatureTenths,
        capabilities,
        lineCounters,
        hostReadings: previous?.hostReadings ?? {},
      };
      this.stateChanged = true;
    } else if (previous && capabilities.length > previous.capabilities.length) {
      this.state = { ...previous, capabilities };
      this.stateChanged = true;
    }

    this.addHosts(report, at, bucket, isNewest, rebootedAt !== null);
    this.addSnapshots(report, at);
    this.pending.add(Math.floor(at.getTime() / quarterHour) * quarterHour);
  }

  /**
   * DSL gauges and DOCSIS channel series into the 60 s tier; G.INP counter deltas and retrains
   * from the newest report. Answers the counters the next report's deltas start from.
   */
  private addWanLine(
    report: FlatReport,
    at: Date,
    bucket: Date,
    isNewest: boolean,
    rebooted: boolean,
  ): Record<string, number> {
    const { lineId } = this;
    const counters = { ...this.state?.lineCounters };
    const addSeries = (series: string, value: number) => {
      const key = String(bucket.getTime());
      let row = this.wanRows.get(key);
      if (!row) {
        row = { lineId, tier: 60, bucket, series: {} };
        this.wanRows.set(key, row);
      }
      const [sum, samples] = row.series[series] ?? [0, 0];
      row.series[series] = [sum + value, samples + 1];
    };

    const dsl = dslLinesOf(report.parameters);
    for (const line of dsl) {
      for (const [series, value] of dslGauges(line)) addSeries(series, value);
      if (!isNewest) continue;
      const retrainsKey = `dsl.${line.line}.retrains`;
      const retrains = line.status.retrains;
      const before = counters[retrainsKey];
      const retrained =
        retrains !== null && (rebooted ? retrains > 0 : before !== undefined && retrains > before);
      if (retrained) {
        const trainedAt = new Date(at.getTime() - (line.lastChangeSeconds ?? 0) * 1000);
        this.events.push({ lineId, kind: 'retrain', at: trainedAt, detail: line.line });
      }
      if (retrains !== null) counters[retrainsKey] = retrains;
      for (const [series, value] of dslCounters(line)) {
        const delta = counterDelta(counters[series] ?? null, value, rebooted || retrained);
        if (delta !== null) addSeries(series, delta);
        counters[series] = value;
      }
    }

    const docsis = docsisChannelsOf(report.parameters);
    if (docsis) for (const [series, value] of docsisGauges(docsis)) addSeries(series, value);
    if (isNewest) {
      if (dsl.length > 0) this.snapshot('dsl', at, { dslPerformance: dsl });
      if (docsis) this.snapshot('docsis', at, docsis);
    }
    const spectrum = spectrumOf(report.parameters, docsis);
    if (spectrum) this.snapshot('spectrum', at, { spectrumAnalysis: spectrum });
    return counters;
  }

  private addHosts(
    report: FlatReport,
    at: Date,
    bucket: Date,
    isNewest: boolean,
    rebooted: boolean,
  ): void {
    const { lineId } = this;
    const unlisted = new Set(this.hosts.keys());
    for (const host of hostSamplesOf(report.parameters)) {
      const before = this.hosts.get(host.mac);
      unlisted.delete(host.mac);
      const countersNewer = !before?.countersAt || before.countersAt < at;
      const bytesOut = countersNewer
        ? counterDelta(before?.bytesSentCounter ?? null, host.bytesSentCounter, rebooted)
        : null;
      const bytesIn = countersNewer
        ? counterDelta(before?.bytesReceivedCounter ?? null, host.bytesReceivedCounter, rebooted)
        : null;
      const signal = sampleOf(host.signalDbm);
      const rated = host.downlinkKbps !== null && host.uplinkKbps !== null;
      accumulate(
        this.hostRows,
        `${bucket.getTime()}/${host.mac}`,
        {
          lineId,
          tier: 60,
          bucket,
          mac: host.mac,
          bytesIn: bytesIn ?? 0,
          bytesOut: bytesOut ?? 0,
          signalDbmSum: signal.sum,
          signalSamples: signal.samples,
          downlinkKbpsSum: rated ? (host.downlinkKbps ?? 0) : 0,
          uplinkKbpsSum: rated ? (host.uplinkKbps ?? 0) : 0,
          rateSamples: rated ? 1 : 0,
        },
        hostSums,
      );
      const firstConnectedAt =
        before && before.firstConnectedAt < at ? before.firstConnectedAt : at;
      if (!before || before.reportedAt <= at) {
        this.saveHost({
          lineId,
          ...host,
          bytesSentCounter: host.bytesSentCounter ?? before?.bytesSentCounter ?? null,
          bytesReceivedCounter: host.bytesReceivedCounter ?? before?.bytesReceivedCounter ?? null,
          countersAt: at,
          firstConnectedAt,
          lastOnlineAt: host.active ? at : (before?.lastOnlineAt ?? null),
          reportedAt: at,
        });
      } else if (firstConnectedAt < before.firstConnectedAt) {
        this.saveHost({ ...before, firstConnectedAt });
      }
    }
    // Hosts the newest report no longer lists have left the network.
    if (isNewest) {
      for (const mac of unlisted) {
        const gone = this.hosts.get(mac);
        if (gone?.active) this.saveHost({ ...gone, active: false, reportedAt: at });
      }
    }
  }

  private saveHost(host: LanHost): void {
    this.hosts.set(host.mac, host);
    this.changedHosts.add(host.mac);
  }

  /** WiFi settings, each band's site survey and the location, when the report carries them. */
  private addSnapshots(report: FlatReport, at: Date): void {
    const wifiRadios = wifiSettingsOf(report.parameters);
    if (wifiRadios.length > 0) this.snapshot('wifi', at, { wifiRadios });
    const survey = siteSurveyOf(report.parameters);
    for (const band of new Set(survey.map((entry) => entry.freqBand))) {
      if (band === null) continue;
      const entries = survey.filter((entry) => entry.freqBand === band);
      this.snapshot(`siteSurvey:${band}`, at, { siteSurvey: entries });
    }
    const location = locationOf(report.parameters);
    if (location) this.snapshot('location', at, location);
  }

  /** Keeps the newest snapshot of each kind the body carries. */
  private snapshot(kind: string, reportedAt: Date, payload: unknown): void {
    const kept = this.snapshots.get(kind);
    if (!kept || kept.reportedAt < reportedAt) {
      this.snapshots.set(kind, { lineId: this.lineId, kind, reportedAt, payload });
    }
  }

  /** The gateway's state when the body changed it or any host's reading. */
  private gatewayStates(): GatewayStateRecord[] {
    if (!this.state || (!this.stateChanged && this.changedHosts.size === 0)) return [];
    const hostReadings = Object.fromEntries(
      [...this.hosts.values()].map((host) => [host.mac, readingOf(host)]),
    );
    return [{ ...this.state, hostReadings }];
  }

  /** The `host_state` rows the body changed: new hosts, and hosts described otherwise now. */
  private changedDescriptions(): HostStateRecord[] {
    return [...this.changedHosts].flatMap((mac) => {
      const host = this.hosts.get(mac);
      if (!host) return [];
      const row = descriptionOf(host);
      const before = this.described.get(mac);
      return before && describedAlike(before, row) ? [] : [row];
    });
  }

  /** What the body changes, for `TelemetryRepository.write`. */
  writes(): TelemetryWrites {
    return {
      gatewayMetrics: [...this.gatewayRows.values()],
      hostMetrics: [...this.hostRows.values()],
      wanMetrics: [...this.wanRows.values()],
      gatewayStates: this.gatewayStates(),
      hostStates: this.changedDescriptions(),
      events: this.events,
      snapshots: [...this.snapshots.values()],
      pendingBuckets: [...this.pending].map((bucket) => ({
        lineId: this.lineId,
        tier: 900,
        bucket: new Date(bucket),
      })),
    };
  }
}
