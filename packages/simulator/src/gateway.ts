import type { DeviceCommand } from '@linesight/contract';
import {
  applyCommand,
  cloneSettings,
  type CommandOutcome,
  factorySettings,
  type GatewaySettings,
} from './commands';
import {
  curveWeight,
  isHostPresent,
  localMoment,
  type LocalMoment,
  meanCurveWeight,
} from './daily-rhythm';
import { type LineState, readLine, retrainLine, runLine, startLine } from './line-model';
import type { Presence } from './catalog';
import type { GatewayProfile, HostProfile, RadioProfile } from './profile';
import { hashSeed, Random, unitHash } from './random';
import { type BulkDataReport, type ReportEncoding, toObjectHierarchy } from './report';
import { EventSchedule } from './schedule';
import { siteSurveyAt } from './site-survey';
import { spectrumAt, type SpectrumReading } from './spectrum';
import {
  type DocsisReading,
  type GatewayReading,
  type HostReading,
  type RadioReading,
  writeReport,
} from './tr181';
import { maxLinkRateKbps } from './wifi-radio';

export interface GatewayOptions {
  /** NameValuePair unless told otherwise; the collector reads both. */
  encoding?: ReportEncoding | undefined;
}

/** The reporting interval a gateway says it has when told nothing else (seed 001 section 9). */
const defaultReportingInterval = 300;
/** How far back a gateway's first report looks for its last boot. */
const bootLookBackSeconds = 60 * 86_400;
/** Traffic and line counters are added in steps no longer than this, so the day's shape shows. */
const stepSeconds = 900;
/** A host that left stays in the Hosts table, inactive, this long. */
const leftHostKeptSeconds = 2 * 3600;
/** The site survey and the spectrum analysis run once an hour: they are large. */
const diagnosticsSeconds = 3600;
/** Roughly the share of time a host is on the network, for counters that predate the run. */
const presentShare: Record<Presence, number> = {
  always: 1,
  'leaves-for-the-day': 0.7,
  'switched-off-at-night': 0.6,
  visitor: 0.05,
};

interface HostState {
  bytesSent: number;
  bytesReceived: number;
  signalDbm: number;
  lastPresentAt: number | null;
}

interface GatewayState {
  at: number;
  bootAt: number;
  hosts: HostState[];
  line: LineState;
}

/**
 * One gateway moving forward in time. Each report advances it from the previous one: traffic
 * accumulates in the host counters, WiFi signals drift, reboots reset the counters. Commands
 * change its settings (blocked hosts, channels, widths) for the reports that follow. The same
 * profile asked for the same times, and given the same commands, gives the same reports.
 */
export class Gateway {
  private readonly encoding: ReportEncoding;
  private readonly schedule: EventSchedule;
  private readonly random: Random;
  private readonly counterModulus: number;
  private readonly settings: GatewaySettings;
  private state: GatewayState | null = null;
  /** A channel change or a requested diagnostic asks for a site survey in the next report. */
  private surveyDue = false;
  /** A reboot asked for by its management agent, taking effect at this time. */
  private rebootAt: number | null = null;

  constructor(
    readonly profile: GatewayProfile,
    options: GatewayOptions = {},
  ) {
    this.encoding = options.encoding ?? 'NameValuePair';
    const noisiness = profile.line.lineClass === 'dsl' ? profile.line.noisiness : 1;
    this.schedule = new EventSchedule(profile.seed, profile.behaviour, noisiness);
    this.random = new Random(profile.seed).fork('dynamics');
    this.counterModulus = 2 ** profile.firmware.hostCounterBits;
    this.settings = factorySettings(profile);
  }

  get serialNumber(): string {
    return this.profile.serialNumber;
  }

  /** Whether the gateway is up and connected; it sends nothing during an offline spell. */
  isOnlineAt(epochSeconds: number): boolean {
    return this.schedule.isOnlineAt(epochSeconds);
  }

  /**
   * The report the gateway makes at `epochSeconds` (whole seconds, never before the previous
   * report's). It reports even when offline if asked; callers check `isOnlineAt` to send. The
   * first report of each hour also carries the site survey and, on DOCSIS, the spectrum; the
   * first after a channel change carries a survey too. It
   * names `reportingIntervalSeconds` as its Bulk Data interval, so the collector can tell a
   * backfill's wider spacing from a gateway that was offline.
   */
  reportAt(
    epochSeconds: number,
    reportingIntervalSeconds = defaultReportingInterval,
  ): BulkDataReport {
    if (!Number.isInteger(epochSeconds)) {
      throw new RangeError(`CollectionTime must be whole epoch seconds, not ${epochSeconds}.`);
    }
    const startsHour =
      this.state === null ||
      Math.floor(epochSeconds / diagnosticsSeconds) >
        Math.floor(this.state.at / diagnosticsSeconds);
    const surveys = startsHour || this.surveyDue;
    this.surveyDue = false;
    const state = this.state ? this.advance(this.state, epochSeconds) : this.start(epochSeconds);
    this.notePresence(state);
    this.state = state;
    const report = writeReport(this.profile, {
      ...this.read(state, startsHour, surveys),
      reportingIntervalSeconds,
    });
    return this.encoding === 'ObjectHierarchy' ? toObjectHierarchy(report) : report;
  }

  /**
   * Carries out a command from the portal at `epochSeconds`: the reports after it show the
   * change. A NAK (an unknown host, a channel the radio cannot use, …) changes nothing.
   */
  applyCommand(command: DeviceCommand, epochSeconds: number): CommandOutcome {
    const outcome = applyCommand(this.profile, this.settings, command, epochSeconds);
    // A radio that moved scans again, as gateways do, so the next report shows what it hears now.
    if (outcome.result === 'ACK' && command.action !== 'block' && command.action !== 'unblock') {
      this.surveyDue = true;
    }
    return outcome;
  }

  /**
   * Carries out a command without changing anything: the answer `applyCommand` would give now,
   * so a management agent can refuse a change it could not make before it accepts any of it.
   */
  checkCommand(command: DeviceCommand, epochSeconds: number): CommandOutcome {
    return applyCommand(this.profile, cloneSettings(this.settings), command, epochSeconds);
  }

  /**
   * Hands the gateway to a TR-069 agent, which blocks hosts with the firewall (TR-181) or the QoS
   * classifier (TR-098) whatever Bulk Data agent the profile names.
   */
  managedOverCwmp(): void {
    this.settings.canBlock = true;
  }

  /** Runs a site survey for the next report, as a diagnostic asked for by the ACS does. */
  requestSurvey(): void {
    this.surveyDue = true;
  }

  /**
   * Reboots at `epochSeconds` (or just after the last report, if that is later), as a Reboot
   * RPC makes it: uptime and counters start again, and auto channel selection runs.
   */
  reboot(epochSeconds: number): void {
    this.rebootAt = Math.max(Math.floor(epochSeconds), (this.state?.at ?? 0) + 1);
  }

  /** The state at a first report: booted some time ago, counters as that uptime suggests. */
  private start(at: number): GatewayState {
    const bootAt =
      this.schedule.lastBootBefore(at, bootLookBackSeconds) ??
      at - bootLookBackSeconds - Math.floor(unitHash(this.profile.seed, 'boot') * 30 * 86_400);
    const uptime = at - bootAt;
    const hosts = this.profile.hosts.map((host) => this.startHost(host, at, uptime));
    const line = startLine(this.profile.line, bootAt);
    // Line counters since boot, a day at a time (at most a month): rough, but never all zero.
    for (let day = 1; day <= Math.min(30, uptime / 86_400); day += 1) {
      runLine(line, 86_400, this.moment(at - day * 86_400), this.random);
    }
    return { at, bootAt, hosts, line };
  }

  private startHost(host: HostProfile, at: number, uptime: number): HostState {
    const meanShare =
      meanCurveWeight(host.curve) * presentShare[host.presence] * this.random.float(0.6, 1.4);
    const hourAgo = at - 3600;
    return {
      bytesSent: Math.round(host.peakUpBytesPerSecond * meanShare * uptime) % this.counterModulus,
      bytesReceived:
        Math.round(host.peakDownBytesPerSecond * meanShare * uptime) % this.counterModulus,
      signalDbm:
        host.connection.medium === 'wifi'
          ? host.connection.baseSignalDbm + this.random.normal(0, 2)
          : 0,
      lastPresentAt: isHostPresent(host, hourAgo, this.profile.utcOffsetHours) ? hourAgo : null,
    };
  }

  private advance(state: GatewayState, at: number): GatewayState {
    if (at < state.at) {
      throw new RangeError(
        `Gateway ${this.serialNumber} last reported at ${state.at}; it cannot report at ${at}, before that.`,
      );
    }
    let from = state.at;
    const lastBoot = this.lastBootIn(state.at, at);
    if (lastBoot !== undefined) {
      state.bootAt = lastBoot;
      state.line = startLine(this.profile.line, lastBoot);
      for (const host of state.hosts) {
        host.bytesSent = 0;
        host.bytesReceived = 0;
      }
      from = lastBoot;
    }
    for (const retrain of this.schedule.retrainsIn(from, at)) {
      retrainLine(state.line, retrain, this.random);
    }
    this.accumulate(state, from, at);
    this.driftSignals(state, at - state.at);
    state.at = at;
    return state;
  }

  /** The last boot in (from, to], the schedule's or an asked-for reboot's. */
  private lastBootIn(from: number, to: number): number | undefined {
    const scheduled = this.schedule.bootsIn(from, to).at(-1);
    const asked = this.rebootAt;
    if (asked === null || asked > to) return scheduled;
    this.rebootAt = null;
    return Math.max(asked, scheduled ?? asked);
  }

  /** Adds the traffic and line counters of (from, to], step by step; nothing flows offline. */
  private accumulate(state: GatewayState, from: number, to: number): void {
    for (let start = from; start < to; start += stepSeconds) {
      const seconds = Math.min(stepSeconds, to - start);
      const middle = start + seconds / 2;
      if (!this.schedule.isOnlineAt(middle)) continue;
      const moment = this.moment(middle);
      this.profile.hosts.forEach((host, index) => {
        const hostState = state.hosts[index];
        if (!hostState || !isHostPresent(host, middle, this.profile.utcOffsetHours)) return;
        hostState.lastPresentAt = Math.floor(middle);
        // A blocked host stays on the LAN, but nothing of it crosses the WAN.
        if (this.settings.blocked.has(host.mac)) return;
        // Use comes in bursts: a lognormal factor with mean 1 over each step.
        const activity =
          curveWeight(host.curve, moment) * Math.exp(this.random.normal(-0.245, 0.7));
        hostState.bytesSent = this.addToCounter(
          hostState.bytesSent,
          host.peakUpBytesPerSecond * activity * seconds,
        );
        hostState.bytesReceived = this.addToCounter(
          hostState.bytesReceived,
          host.peakDownBytesPerSecond * activity * seconds,
        );
      });
      runLine(state.line, seconds, moment, this.random);
    }
  }

  /** Counters only grow, and wrap at the firmware's width (2^32 on some older builds). */
  private addToCounter(counter: number, bytes: number): number {
    return (counter + Math.round(bytes)) % this.counterModulus;
  }

  /**
   * A random walk pulled back towards where the host usually sits, its step growing with the
   * time elapsed, bounded to what a WiFi radio reports (-90 to -30 dBm).
   */
  private driftSignals(state: GatewayState, elapsedSeconds: number): void {
    if (elapsedSeconds <= 0) return;
    const pull = Math.min(1, (0.1 * elapsedSeconds) / 300);
    const spread = 1.5 * Math.sqrt(Math.min(elapsedSeconds, 3600) / 300);
    this.profile.hosts.forEach((host, index) => {
      const hostState = state.hosts[index];
      if (!hostState || host.connection.medium !== 'wifi') return;
      const drifted =
        hostState.signalDbm +
        (host.connection.baseSignalDbm - hostState.signalDbm) * pull +
        this.random.normal(0, spread);
      hostState.signalDbm = Math.min(-30, Math.max(-90, drifted));
    });
  }

  private notePresence(state: GatewayState): void {
    this.profile.hosts.forEach((host, index) => {
      const hostState = state.hosts[index];
      if (hostState && isHostPresent(host, state.at, this.profile.utcOffsetHours)) {
        hostState.lastPresentAt = state.at;
      }
    });
  }

  private moment(at: number): LocalMoment {
    return localMoment(at, this.profile.utcOffsetHours);
  }

  private read(
    state: GatewayState,
    startsHour: boolean,
    surveys: boolean,
  ): Omit<GatewayReading, 'reportingIntervalSeconds'> {
    const { at } = state;
    const moment = this.moment(at);
    const hosts = this.readHosts(state);
    const activeHosts = hosts.filter((host) => host.active);
    // Expected throughput now, without the bursts: what keeps the CPU and the box warm.
    const throughputMbps =
      activeHosts.reduce(
        (sum, { host }) =>
          sum +
          (host.peakDownBytesPerSecond + host.peakUpBytesPerSecond) *
            curveWeight(host.curve, moment),
        0,
      ) * 8e-6;
    const line = readLine(state.line, at, moment, this.random);
    return {
      at,
      uptimeSeconds: at - state.bootAt,
      cpuPercent: this.readCpu(throughputMbps),
      ramFreeKib: this.readFreeRam(at - state.bootAt, activeHosts.length),
      temperaturesC: this.readTemperatures(throughputMbps, moment),
      radios: this.profile.radios.map((radio, index) => this.readRadio(radio, index, state)),
      hosts,
      line,
      siteSurvey: surveys ? siteSurveyAt(this.profile.neighbours, at) : null,
      spectrum: startsHour && line.lineClass === 'docsis' ? this.readSpectrum(line, at) : null,
    };
  }

  /**
   * Auto channel selection runs at boot, and when a command switches Auto on, and keeps its
   * choice until the next time.
   */
  private readRadio(radio: RadioProfile, index: number, state: GatewayState): RadioReading {
    const settings = this.settings.radios[index];
    const bandwidth = settings?.bandwidth ?? radio.bandwidth;
    const manualChannel = settings?.manualChannel ?? null;
    if (manualChannel !== null) return { channel: manualChannel, autoChannel: false, bandwidth };
    const scannedAt = Math.max(state.bootAt, settings?.autoSince ?? state.bootAt);
    const choice = unitHash(this.profile.seed, 'channel', radio.instance, scannedAt);
    const channel = radio.channelChoices[Math.floor(choice * radio.channelChoices.length)] ?? 1;
    return { channel, autoChannel: true, bandwidth };
  }

  /** The spectrum's noise has its own stream per hour, so it leaves the other draws alone. */
  private readSpectrum(line: DocsisReading, at: number): SpectrumReading {
    const hour = Math.floor(at / diagnosticsSeconds);
    return spectrumAt(
      line.profile,
      {
        downstreamPower: line.downstream.map((channel) => channel.power),
        upstreamTxPower: line.upstream.map((channel) => channel.txPower),
      },
      new Random(hashSeed(this.profile.seed, 'spectrum', hour)),
    );
  }

  private readHosts(state: GatewayState): HostReading[] {
    const readings: HostReading[] = [];
    this.profile.hosts.forEach((host, index) => {
      const hostState = state.hosts[index];
      if (!hostState) return;
      const active = isHostPresent(host, state.at, this.profile.utcOffsetHours);
      const leftLately =
        hostState.lastPresentAt !== null &&
        state.at - hostState.lastPresentAt <= leftHostKeptSeconds;
      if (!active && !leftLately) return;
      readings.push({
        host,
        active,
        bytesSent: hostState.bytesSent,
        bytesReceived: hostState.bytesReceived,
        wifi: active && host.connection.medium === 'wifi' ? this.readLink(host, hostState) : null,
        blocked: this.settings.blocked.has(host.mac),
      });
    });
    return readings;
  }

  /**
   * Link rates follow the signal: full rate near the gateway, a trickle at the edge. A command
   * that changed the radio's width changes the host's best rate with it.
   */
  private readLink(host: HostProfile, hostState: HostState): HostReading['wifi'] {
    if (host.connection.medium !== 'wifi') return null;
    const { band, standard } = host.connection;
    const index = this.profile.radios.findIndex((radio) => radio.band === band);
    const drawnFor = this.profile.radios[index]?.bandwidth ?? '20MHz';
    const now = this.settings.radios[index]?.bandwidth ?? drawnFor;
    const maxRate =
      (host.connection.maxLinkRateKbps * maxLinkRateKbps(standard, now, 1)) /
      maxLinkRateKbps(standard, drawnFor, 1);
    const quality = Math.min(1, Math.max(0.04, (hostState.signalDbm + 92) / 40));
    const downlink = maxRate * quality * this.random.float(0.55, 1);
    const uplink = downlink * this.random.float(0.5, 0.9);
    return {
      signalDbm: Math.round(hostState.signalDbm),
      downlinkKbps: Math.round(downlink / 100) * 100,
      uplinkKbps: Math.round(uplink / 100) * 100,
    };
  }

  /** Routing and NAT cost CPU with throughput, on top of an idle load. */
  private readCpu(throughputMbps: number): number {
    const idle = 3 + 7 * unitHash(this.profile.seed, 'idle-cpu');
    const load = idle + throughputMbps * 0.35 + Math.abs(this.random.normal(0, 2.5));
    return Math.round(Math.min(100, Math.max(1, load)));
  }

  /** Free RAM shrinks with connected hosts and, slowly, with uptime: firmware leaks a little. */
  private readFreeRam(uptimeSeconds: number, activeHosts: number): number {
    const leak = Math.min(0.15, (uptimeSeconds / 86_400) * 0.004);
    const freeShare = 0.58 - leak - activeHosts * 0.004 + this.random.normal(0, 0.01);
    return Math.round(this.profile.model.ramTotalKib * Math.max(0.05, freeShare));
  }

  /**
   * The first sensor is the hottest: idle warmth, load and the afternoon's room temperature.
   * The others run a few degrees cooler and now and then have no reading (-274 in the report).
   */
  private readTemperatures(throughputMbps: number, moment: LocalMoment): (number | null)[] {
    const hottest =
      this.profile.idleTemperatureC +
      7 * Math.min(1, throughputMbps / 200) +
      1.5 * Math.sin((2 * Math.PI * (moment.hour - 9)) / 24) +
      this.random.normal(0, 0.6);
    return this.profile.model.temperatureSensors.map((_, index) => {
      if (index === 0) return Math.round(hottest);
      if (this.random.chance(0.06)) return null;
      return Math.round(hottest - 2 - 6 * unitHash(this.profile.seed, 'sensor', index));
    });
  }
}
