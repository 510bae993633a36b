import {
  blockRefusal,
  capabilityFlags,
  type ChannelChangeRefusal,
  channelChangeRefusal,
  channelLayout,
  coordinateDecimals,
  coordinatePattern,
  type ConnectionType,
  defaultReportingFrequencySeconds,
  type DeviceCapabilities,
  type DeviceCommand,
  type DeviceIcon,
  type FreqBand,
  type Gateway,
  guessDeviceIcon,
  type LanDevice,
  type LineOfServiceLocation,
  type LineOfServiceLocationUpdate,
  type LocalNetworkResponse,
  type LocalNetworkUpdate,
  type CommandStatus,
  ratedSignalDbm,
  signalBars,
  signalPercent,
  type SupportInfo,
  type WifiSettings,
} from '@linesight/contract';
import type { Clock } from '../../clock';
import type { TierSeconds } from '../../db/schema';
import type { InTransaction } from '../../db/transaction';
import { ApiError } from '../../http/api-error';
import type { ReportedLocation, WifiRadio } from '../../telemetry/canonical-model';
import type { HostStateRecord } from '../../telemetry/lan-hosts';
import type { HostTotal, SeriesRepository } from '../../telemetry/series.repository';
import type { ActionsService } from '../actions/actions.service';
import type { Actor } from '../audit/actor';
import type { AuditRepository } from '../audit/audit.repository';
import { lineOfServiceNotFound } from '../devices/devices.service';
import type {
  HomeNetworkRepository,
  LanDeviceLabelRecord,
  LineWithState,
  SnapshotRecord,
} from './home-network.repository';
import { manufacturerOfMac, manufacturerOfOui } from './manufacturers';

/**
 * The rules of a line's home network as the summary, the device list and details, the location
 * panel and the WiFi settings show it (docs/decisions/013-home-network-read-side.md): the
 * gateway's latest state and snapshots, its hosts with what users named them, and byte totals
 * read from the tier that matches each window.
 */

/** A gateway is offline once more than this many reporting intervals pass with no report. */
export const offlineAfterIntervals = 2.5;
/** Device consumption covers this much time, from the start of a 7200 s bucket. */
export const consumptionWindowSeconds = 7 * 86_400;
/** Throughput rank covers this much time, from the start of a 7200 s bucket (24 to 26 h). */
export const throughputWindowSeconds = 86_400;

export interface HomeNetworkTransaction {
  homeNetwork: HomeNetworkRepository;
  audit: AuditRepository;
}

const wifiStandardCodes: [standard: string, code: number][] = [
  ['ax', 9],
  ['ac', 6],
  ['n', 5],
];

/** Seed 001's 'Wifi Standard' code of the best standard any radio runs. */
function wifiStandardCode(radios: readonly WifiRadio[]): number | null {
  const standards = new Set(
    radios.flatMap((radio) => (radio.standard ?? '').split(',').map((part) => part.trim())),
  );
  return wifiStandardCodes.find(([standard]) => standards.has(standard))?.[1] ?? null;
}

/** A window of `seconds` ending now, its start on a bucket of `tier`. */
function windowOf(now: Date, seconds: number, tier: TierSeconds): { from: Date; to: Date } {
  const tierMs = tier * 1000;
  const from = Math.floor((now.getTime() - seconds * 1000) / tierMs) * tierMs;
  return { from: new Date(from), to: now };
}

const mbps = (kbps: number | null): LanDevice['wifiTxRate'] =>
  kbps === null ? null : { value: kbps / 1000, units: 'Mbps' };

const isFreqBand = (band: string | null): band is FreqBand =>
  band === '2.4GHz' || band === '5GHz' || band === '6GHz';

const deviceNotFound = (
  code: 'LOCAL_NETWORK.DEVICE_NOT_FOUND' | 'DEVICE_ACTION.DEVICE_NOT_FOUND',
  mac: string,
): ApiError =>
  new ApiError(404, code, `No device with the MAC address ${mac} is on this line of service.`);

type Coordinate = number | 'missing' | 'invalid';

/** A latitude or longitude as sent: text of the seed's pattern or a number, within ±limit. */
function coordinateOf(value: string | number | undefined, limit: number): Coordinate {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return 'missing';
  const text = typeof value === 'string' ? value.trim() : value;
  if (typeof text === 'string' && !coordinatePattern.test(text)) return 'invalid';
  const number = Number(text);
  if (!Number.isFinite(number) || Math.abs(number) > limit) return 'invalid';
  // toFixed rounds half away from zero on the decimal text, as a user reads the number.
  return Number(number.toFixed(coordinateDecimals)) + 0;
}

type GatewayState = NonNullable<LineWithState['state']>;

/** The interval the gateway says it reports at, else the seed's default. */
export const reportingIntervalOf = (state: GatewayState): number =>
  state.reportingIntervalSeconds ?? defaultReportingFrequencySeconds;

/** Reported within its allowance: `offlineAfterIntervals` of its own reporting interval. */
export function isGatewayOnline(state: GatewayState, now: Date): boolean {
  const silentMs = now.getTime() - state.reportedAt.getTime();
  return silentMs <= offlineAfterIntervals * reportingIntervalOf(state) * 1000;
}

/** UpTime counts on while the gateway is up; once offline, it is known only as reported. */
export function secondsSinceLastReboot(state: GatewayState, now: Date): number | null {
  if (state.uptimeSeconds === null) return null;
  const sinceReportSeconds = (now.getTime() - state.reportedAt.getTime()) / 1000;
  return Math.round(state.uptimeSeconds + (isGatewayOnline(state, now) ? sinceReportSeconds : 0));
}

/** Who made the gateway: its reported OUI, else its MAC's. */
export const gatewayManufacturer = (line: LineWithState['line']): string | null =>
  manufacturerOfOui(line.deviceOui ?? line.deviceMac?.slice(0, 8) ?? null);

/** One collator for every sort: `localeCompare` with options builds one per comparison. */
export const byName = new Intl.Collator(undefined, { sensitivity: 'base' });

const blockActions = new Set<DeviceCommand['action']>(['block', 'unblock']);

const channelRefusalMessages: Record<ChannelChangeRefusal, string> = {
  'DEVICE_ACTION.CHANNEL_OUTSIDE_BAND': 'That channel is not a channel of this band.',
  'DEVICE_ACTION.CHANNEL_NOT_AVAILABLE': 'This radio cannot use that channel.',
  'DEVICE_ACTION.BANDWIDTH_NOT_ALLOWED':
    'This radio’s WiFi standard does not allow that channel bandwidth.',
  'DEVICE_ACTION.CHANNEL_BANDWIDTH_MISMATCH':
    'That channel cannot be used at that channel bandwidth.',
};

export class HomeNetworkService {
  constructor(
    private readonly homeNetwork: HomeNetworkRepository,
    private readonly series: SeriesRepository,
    private readonly actions: ActionsService,
    private readonly clock: Clock,
    private readonly inTransaction: InTransaction<HomeNetworkTransaction>,
  ) {}

  private async lineWithState(code: string): Promise<LineWithState> {
    const found = await this.homeNetwork.lineWithState(code);
    if (!found) throw lineOfServiceNotFound(code);
    return found;
  }

  /** Every capability flag; null before the gateway first reports. */
  async capabilities(code: string): Promise<DeviceCapabilities | null> {
    const { state } = await this.lineWithState(code);
    if (!state) return null;
    return Object.fromEntries(
      capabilityFlags.map((flag) => [flag, state.capabilities.includes(flag)]),
    ) as DeviceCapabilities;
  }

  async supportInfo(code: string): Promise<SupportInfo | null> {
    const { line, state } = await this.lineWithState(code);
    if (!state) return null;
    return {
      clientId: line.deviceIdentifier,
      wanIp: state.wanIp,
      buildIdentifier: state.buildIdentifier,
      clientVersion: state.clientVersion,
      firmwareVersion: state.firmwareVersion,
    };
  }

  /** The gateway as the summary shows it; null before its first report. */
  async gateway(code: string): Promise<Gateway | null> {
    const { line, state } = await this.lineWithState(code);
    if (!state) return null;
    const snapshots = await this.homeNetwork.snapshots(line.id, ['wifi', 'dsl', 'docsis']);
    const now = this.clock.now();
    const online = isGatewayOnline(state, now);
    const ramTotal = state.ramTotalKib;
    const ramFree = state.ramFreeKib;
    const wifi = snapshots.find((snapshot) => snapshot.kind === 'wifi')?.payload as
      { wifiRadios: WifiRadio[] } | undefined;
    return {
      lineOfServiceCode: line.lineOfServiceCode,
      mostRecentReportTime: state.reportedAt.getTime(),
      online,
      reportingIntervalSeconds: reportingIntervalOf(state),
      wanType: line.wanType,
      wanConnected: online && this.wanUp(state, snapshots),
      secondsSinceLastReboot: secondsSinceLastReboot(state, now),
      latestCPU: state.cpuPercent,
      totalRamBytes: ramTotal === null ? null : ramTotal * 1024,
      latestUsedRamBytes:
        ramTotal === null || ramFree === null ? null : Math.max(0, ramTotal - ramFree) * 1024,
      latestTemperature: state.temperatureTenths,
      manufacturer: gatewayManufacturer(line),
      modelName: line.deviceType,
      macAddress: line.deviceMac,
      ipv4Addresses: state.wanIp ? [state.wanIp] : [],
      ipv6Addresses: [],
      wifiStandard: wifi ? wifiStandardCode(wifi.wifiRadios) : null,
    };
  }

  /**
   * Whether the WAN link was up in the latest report: a DSL line trained (status Up), else a
   * DOCSIS modem locked on a downstream channel, each only when that report carried it; else
   * (fibre, or a gateway that reports neither) a public WAN address.
   */
  private wanUp(state: GatewayState, snapshots: readonly SnapshotRecord[]): boolean {
    const latest = (kind: string) =>
      snapshots.find(
        (snapshot) =>
          snapshot.kind === kind && snapshot.reportedAt.getTime() === state.reportedAt.getTime(),
      )?.payload;
    const dsl = latest('dsl') as
      { dslPerformance: { status: { status: string | null } }[] } | undefined;
    if (dsl) return dsl.dslPerformance.some((line) => line.status.status === 'Up');
    const docsis = latest('docsis') as { dsChannelStats: unknown[] } | undefined;
    if (docsis) return docsis.dsChannelStats.length > 0;
    return state.wanIp !== null;
  }

  /** The line's LAN devices, online first, then by the name shown; null before any report. */
  async localNetwork(code: string): Promise<LocalNetworkResponse | null> {
    const { line, state } = await this.lineWithState(code);
    if (!state) return null;
    const now = this.clock.now();
    const consumptionWindow = windowOf(now, consumptionWindowSeconds, 7200);
    // The rank only orders devices: the coarser tier reads an eighth of the rows of the 900 s one.
    const throughputWindow = windowOf(now, throughputWindowSeconds, 7200);
    const interval = state.reportingIntervalSeconds ?? defaultReportingFrequencySeconds;
    // The 60 s buckets of the last two reports (and a late one): the last two signal readings.
    const signalWindow = {
      tier: 60 as const,
      ...windowOf(state.reportedAt, offlineAfterIntervals * interval, 60),
      to: new Date(state.reportedAt.getTime() + 60_000),
    };
    const [hosts, labels, [consumption = [], throughput = []], signalGrid] = await Promise.all([
      this.homeNetwork.hosts(line.id),
      this.homeNetwork.labels(line.id),
      this.series.hostTotals(line.id, [
        { tier: 7200, ...consumptionWindow },
        { tier: 7200, ...throughputWindow },
      ]),
      this.series.hostGrid(line.id, signalWindow),
    ]);
    const gatewayOnline = isGatewayOnline(state, now);
    const labelsByMac = new Map(labels.map((label) => [label.mac, label]));
    const consumptionByMac = new Map(consumption.map((total) => [total.mac, total]));
    const ranks = throughputRanks(throughput);
    const signals = new Map(signalGrid.map((host) => [host.mac, host.signalDbm]));
    // A host's row holds 0 bytes when the gateway counts nothing: not reported, not idle.
    const countsBytes = state.capabilities.includes('macCounters');
    const devices = hosts.map((host) => {
      const reading = state.hostReadings[host.mac];
      const online = gatewayOnline && host.active;
      const onWifi = host.connectionType === 'WiFi';
      const rssi = online && onWifi ? ratedSignalDbm(signals.get(host.mac) ?? []) : null;
      const percent = rssi === null ? null : signalPercent(rssi);
      const used = consumptionByMac.get(host.mac);
      return deviceOf(host, labelsByMac.get(host.mac), {
        online,
        consumption: countsBytes
          ? {
              inBytes: used?.bytesIn ?? 0,
              outBytes: used?.bytesOut ?? 0,
              startTime: consumptionWindow.from.getTime(),
            }
          : null,
        lastOnlineDate: reading?.lastOnlineAt ?? null,
        throughputRank: ranks.get(host.mac) ?? null,
        rssi,
        percent,
        txKbps: online && onWifi ? (reading?.downlinkKbps ?? null) : null,
        rxKbps: online && onWifi ? (reading?.uplinkKbps ?? null) : null,
      });
    });
    const shownName = (device: LanDevice) => device.alias ?? device.name ?? device.macAddress;
    devices.sort(
      (a, b) =>
        Number(b.online) - Number(a.online) ||
        byName.compare(shownName(a), shownName(b)) ||
        a.macAddress.localeCompare(b.macAddress),
    );
    return { timestamp: state.reportedAt.getTime(), devices };
  }

  /**
   * Sets or clears users' names and icons of the line's devices, all or none: a MAC that is not
   * a host of the line refuses the whole request. An empty alias and a null icon clear them.
   */
  async updateLocalNetwork(actor: Actor, code: string, update: LocalNetworkUpdate): Promise<void> {
    const now = this.clock.now();
    await this.inTransaction(async ({ homeNetwork, audit }) => {
      const found = await homeNetwork.lineWithState(code);
      if (!found) throw lineOfServiceNotFound(code);
      const lineId = found.line.id;
      const macs = update.localNetwork.map((entry) => entry.macAddress);
      const known = await homeNetwork.knownMacs(lineId, macs);
      const unknown = macs.find((mac) => !known.has(mac));
      if (unknown) throw deviceNotFound('LOCAL_NETWORK.DEVICE_NOT_FOUND', unknown);
      for (const { macAddress, alias, icon } of update.localNetwork) {
        const kept = alias || null;
        if (kept === null && icon === null) await homeNetwork.deleteLabel(lineId, macAddress);
        else
          await homeNetwork.putLabel({
            lineId,
            mac: macAddress,
            alias: kept,
            icon,
            updatedAt: now,
          });
      }
      await audit.insert({
        at: now,
        actor,
        action: 'localNetwork.update',
        lineOfServiceCode: code,
        details: {
          localNetwork: update.localNetwork.map(({ macAddress, alias, icon }) => ({
            macAddress,
            alias: alias || null,
            icon,
          })),
        },
      });
    });
  }

  /** The user's location while one is set, else the gateway's; null when neither is. */
  async location(code: string): Promise<LineOfServiceLocation | null> {
    const { line } = await this.lineWithState(code);
    const user = await this.homeNetwork.userLocation(line.id);
    if (user) return { lat: user.latitude, long: user.longitude, accuracy: null, source: 'user' };
    return this.reportedLocation(line.id);
  }

  /** The location the gateway last reported, whatever a user set; null when it reported none. */
  async refreshedLocation(code: string): Promise<LineOfServiceLocation | null> {
    const { line } = await this.lineWithState(code);
    return this.reportedLocation(line.id);
  }

  private async reportedLocation(lineId: string): Promise<LineOfServiceLocation | null> {
    const [snapshot] = await this.homeNetwork.snapshots(lineId, ['location']);
    if (!snapshot) return null;
    const reported = snapshot.payload as ReportedLocation;
    return { lat: reported.latitude, long: reported.longitude, accuracy: null, source: 'service' };
  }

  /**
   * Sets the user's location (both coordinates, each of the seed's pattern and in range, rounded
   * to 5 decimals), or deletes it when neither is given; answers the location that now applies.
   */
  async updateLocation(
    actor: Actor,
    code: string,
    update: LineOfServiceLocationUpdate,
  ): Promise<LineOfServiceLocation | null> {
    const lat = coordinateOf(update.lat, 90);
    const long = coordinateOf(update.long, 180);
    const clearing = update.lat === undefined && update.long === undefined;
    if (!clearing && (lat === 'missing' || long === 'missing'))
      throw new ApiError(
        400,
        'SUMMARY_GATEWAY_LOCATION_LAT_LONG_REQUIRED',
        'Latitude and Longitude is required.',
      );
    if (lat === 'invalid' || long === 'invalid')
      throw new ApiError(
        400,
        'LOCATION.INVALID_COORDINATES',
        'Latitude must be within -90 to 90 and longitude within -180 to 180, in decimal degrees.',
      );
    const now = this.clock.now();
    await this.inTransaction(async ({ homeNetwork, audit }) => {
      const found = await homeNetwork.lineWithState(code);
      if (!found) throw lineOfServiceNotFound(code);
      const lineId = found.line.id;
      if (typeof lat === 'number' && typeof long === 'number') {
        await homeNetwork.putUserLocation({
          lineId,
          latitude: lat,
          longitude: long,
          updatedAt: now,
        });
        await audit.insert({
          at: now,
          actor,
          action: 'location.set',
          lineOfServiceCode: code,
          details: { lat, long },
        });
      } else if (await homeNetwork.deleteUserLocation(lineId)) {
        await audit.insert({ at: now, actor, action: 'location.delete', lineOfServiceCode: code });
      }
    });
    return this.location(code);
  }

  /** The radios and their networks as last reported; null before the gateway reports them. */
  async wifiSettings(code: string): Promise<WifiSettings | null> {
    const { line } = await this.lineWithState(code);
    const [snapshot] = await this.homeNetwork.snapshots(line.id, ['wifi']);
    if (!snapshot) return null;
    const { wifiRadios } = snapshot.payload as { wifiRadios: WifiRadio[] };
    return {
      wifiRadios: wifiRadios.map((radio) => ({
        freqBand: radio.freqBand,
        channel: radio.autoChannel ? 0 : radio.channel,
        // Of the channel in use, which with auto channel is the one the radio picked.
        ...channelLayout(radio.freqBand, radio.channel, radio.channelBandwidth),
        channelBandwidth: radio.channelBandwidth,
        availableChannels: radio.availableChannels,
        radioInstance: radio.radioInstance,
        standard: radio.standard,
        timestamp: snapshot.reportedAt.getTime(),
        wifiNetworks: radio.wifiNetworks,
      })),
    };
  }

  /**
   * Queues a command for the line's gateway; answers its messageId. Block and unblock name a
   * host of the line, and are refused where seed 001 sections 5 and 8 say (`blockRefusal`); a
   * channel change is refused where the radio cannot make it (`refuseChannelChange`).
   */
  async requestAction(actor: Actor, code: string, command: DeviceCommand): Promise<string> {
    if (!blockActions.has(command.action) && 'freqBand' in command.parameters) {
      await this.refuseChannelChange(actor, code, command.action, command.parameters);
    }
    if (blockActions.has(command.action) && 'macAddress' in command.parameters) {
      const { line, state } = await this.lineWithState(code);
      const mac = command.parameters.macAddress;
      const host = await this.homeNetwork.host(line.id, mac);
      if (!host) throw deviceNotFound('DEVICE_ACTION.DEVICE_NOT_FOUND', mac);
      const refusal = blockRefusal(
        host,
        { commands: state?.capabilities.includes('commands') ?? false },
        state?.clientVersion ?? null,
      );
      if (refusal)
        throw new ApiError(409, refusal, `This device cannot be sent ${command.action}.`);
    }
    return this.actions.request(actor, code, command);
  }

  /**
   * Throws when a channel change may not be sent (docs/decisions/017): a consumer may move the
   * channel only (403); the gateway must answer commands and have reported a radio on the band
   * (409); then the contract's `channelChangeRefusal`, 400 for a channel the band does not have,
   * 409 for one this radio cannot use.
   */
  private async refuseChannelChange(
    actor: Actor,
    code: string,
    action: DeviceCommand['action'],
    change: { freqBand: FreqBand; channel?: number; channelBandwidth?: number },
  ): Promise<void> {
    if (actor.kind === 'user' && actor.role === 'Consumer' && action !== 'changeChannel') {
      throw new ApiError(
        403,
        'DEVICE_ACTION.CONSUMER_CHANNEL_ONLY',
        'A consumer may change the channel only, not the channel bandwidth.',
      );
    }
    const { line, state } = await this.lineWithState(code);
    if (!state?.capabilities.includes('commands')) {
      throw new ApiError(
        409,
        'DEVICE_ACTION.COMMANDS_NOT_SUPPORTED',
        'This gateway does not answer commands.',
      );
    }
    const [wifi] = await this.homeNetwork.snapshots(line.id, ['wifi']);
    const radio = (wifi?.payload as { wifiRadios: WifiRadio[] } | undefined)?.wifiRadios
      .filter((candidate) => candidate.freqBand === change.freqBand)
      .sort((a, b) => a.radioInstance - b.radioInstance)[0];
    if (!radio) {
      throw new ApiError(
        409,
        'DEVICE_ACTION.NO_RADIO',
        `This gateway has not reported a ${change.freqBand} radio.`,
      );
    }
    const refusal = channelChangeRefusal(
      {
        freqBand: radio.freqBand,
        standard: radio.standard,
        availableChannels: radio.availableChannels,
        // On Auto the radio picks a channel that fits whatever bandwidth it is given.
        channel: radio.autoChannel ? 0 : radio.channel,
        channelBandwidth: radio.channelBandwidth,
      },
      { channel: change.channel, channelBandwidth: change.channelBandwidth },
    );
    if (refusal) {
      throw new ApiError(
        refusal === 'DEVICE_ACTION.CHANNEL_OUTSIDE_BAND' ? 400 : 409,
        refusal,
        channelRefusalMessages[refusal],
      );
    }
  }

  async actionStatus(code: string, messageId: string): Promise<CommandStatus> {
    const { line } = await this.lineWithState(code);
    return this.actions.status(line.id, messageId);
  }
}

/** 1 for the host that moved the most bytes, and so on; hosts with no traffic have no rank. */
function throughputRanks(totals: readonly HostTotal[]): Map<string, number> {
  const moved = totals
    .map((total) => ({ mac: total.mac, bytes: total.bytesIn + total.bytesOut }))
    .filter((total) => total.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes || a.mac.localeCompare(b.mac));
  return new Map(moved.map((total, index) => [total.mac, index + 1]));
}

interface DeviceReadings {
  online: boolean;
  consumption: LanDevice['consumption'];
  lastOnlineDate: number | null;
  throughputRank: number | null;
  rssi: number | null;
  percent: number | null;
  txKbps: number | null;
  rxKbps: number | null;
}

function deviceOf(
  host: HostStateRecord,
  label: LanDeviceLabelRecord | undefined,
  readings: DeviceReadings,
): LanDevice {
  const icon = (label?.icon ?? null) as DeviceIcon | null;
  const connectionType: ConnectionType = host.connectionType;
  return {
    macAddress: host.mac,
    alias: label?.alias ?? null,
    name: host.hostName,
    manufacturer: manufacturerOfMac(host.mac),
    iconImageType: icon ?? guessDeviceIcon(host.hostName),
    iconChosen: icon !== null,
    online: readings.online,
    blocked: host.blocked,
    connectionType,
    consumption: readings.consumption,
    firstConnectedDate: host.firstConnectedAt.getTime(),
    lastOnlineDate: readings.lastOnlineDate,
    throughputRank: readings.throughputRank,
    ipv4Addresses: host.ipv4Addresses,
    ipv6Addresses: host.ipv6Addresses,
    wifiBand: connectionType === 'WiFi' && isFreqBand(host.wifiBand) ? host.wifiBand : null,
    wifiSignal: readings.percent === null ? null : signalBars(readings.percent),
    wifiSignalPercent: readings.percent,
    rssi: readings.rssi,
    wifiNetwork: host.wifiNetwork,
    wifiStandard: host.wifiStandard,
    wifiTxRate: mbps(readings.txKbps),
    wifiRxRate: mbps(readings.rxKbps),
  };
}
