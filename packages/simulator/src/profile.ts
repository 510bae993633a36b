import type {
  AgentRelease,
  DailyCurve,
  DslMode,
  FirmwareSpec,
  GatewayModel,
  HostKind,
  ManufacturerName,
  Presence,
  WifiStandard,
} from './catalog';

/**
 * The fixed facts of one simulated gateway and its home, drawn once by `fleet.ts`; what changes
 * over time lives in `Gateway`.
 */

export type WifiBand = '2.4GHz' | '5GHz';

export interface BehaviourRates {
  /** Spontaneous reboots per gateway per day; power cuts add theirs through offline spells. */
  rebootsPerDay: number;
  /** Spells without any report, per gateway per day; each lasts 10 minutes to 4 hours. */
  offlineSpellsPerDay: number;
  /** Share of offline spells that are power cuts, after which the gateway boots afresh. */
  powerCutShare: number;
  /** DSL retrains per line per day, on a line of average noisiness. */
  dslRetrainsPerDay: number;
}

export const defaultBehaviour: BehaviourRates = {
  rebootsPerDay: 1 / 30,
  offlineSpellsPerDay: 1 / 20,
  powerCutShare: 0.5,
  dslRetrainsPerDay: 0.3,
};

export type HostConnection =
  | {
      medium: 'wifi';
      band: WifiBand;
      standard: WifiStandard;
      /** Where its signal settles: how far from the gateway it usually is. */
      baseSignalDbm: number;
      /** Its best PHY rate on this radio, kbps: standard, channel width and spatial streams. */
      maxLinkRateKbps: number;
    }
  | { medium: 'ethernet'; port: number };

export interface HostProfile {
  /** Instance number in `Device.Hosts.Host.{i}`, kept for the host's life. */
  instance: number;
  seed: number;
  kind: HostKind;
  manufacturer: ManufacturerName;
  mac: string;
  hostName: string;
  ipv4Address: string;
  connection: HostConnection;
  presence: Presence;
  curve: DailyCurve;
  /** Mean bytes per second at the curve's peak, with this host's own appetite. */
  peakDownBytesPerSecond: number;
  peakUpBytesPerSecond: number;
}

export interface RadioProfile {
  /** Instance number of the radio, its SSID and its access point alike. */
  instance: number;
  band: WifiBand;
  /** Channels auto-selection chooses from at each boot. */
  channelChoices: readonly number[];
  /** TR-181 `OperatingChannelBandwidth` as it leaves the factory, e.g. "80MHz"; commands change it. */
  bandwidth: string;
  /** TR-181 `OperatingStandards`, e.g. "a,n,ac,ax". */
  standards: string;
  /** TR-181 `PossibleChannels`, e.g. "1-11". */
  possibleChannels: string;
  /** The BSSID of the radio's network: the gateway's MAC plus the radio's instance. */
  bssid: string;
  /** TR-181 `Security.ModeEnabled` of its access point. */
  security: string;
}

export interface DslLineProfile {
  lineClass: 'dsl';
  mode: DslMode;
  loopMetres: number;
  /** Tenths of dB, as TR-181 reports attenuation, margin and power. */
  downstreamAttenuation: number;
  upstreamAttenuation: number;
  downstreamPower: number;
  upstreamPower: number;
  attainableDownstreamKbps: number;
  attainableUpstreamKbps: number;
  syncDownstreamKbps: number;
  syncUpstreamKbps: number;
  downstreamMargin: number;
  upstreamMargin: number;
  /** 0.5 to 2: how much crosstalk and impulse noise the pair picks up. */
  noisiness: number;
}

export interface DocsisDownstreamChannelProfile {
  id: number;
  frequencyHz: number;
  widthHz: number;
  /** Tenths of dBmV and tenths of dB, as TR-181 reports them. */
  power: number;
  signalNoise: number;
}

export interface DocsisUpstreamChannelProfile {
  id: number;
  frequencyHz: number;
  widthHz: number;
  /** Tenths of dBmV. */
  txPower: number;
}

/** A narrowband carrier leaking into the cable's upstream band (shortwave, a neighbour's kit). */
export interface IngressCarrier {
  frequencyHz: number;
  /** dBmV, at the modem's input. */
  level: number;
}

/** How the modem's spectrum analysis cuts the band, and what it finds besides the channels. */
export interface SpectrumProfile {
  /** TR-181 `SegmentFrequencySpan`, Hz: each result's width. */
  segmentSpanHz: number;
  /** TR-181 `NumBinsPerSegment`: amplitudes per result. */
  binsPerSegment: number;
  ingress: readonly IngressCarrier[];
}

export interface DocsisLineProfile {
  lineClass: 'docsis';
  /** EuroDOCSIS (8 MHz, Annex A) or North American (6 MHz, Annex B) plant. */
  annex: 'AnnexA' | 'AnnexB';
  downstream: readonly DocsisDownstreamChannelProfile[];
  upstream: readonly DocsisUpstreamChannelProfile[];
  spectrum: SpectrumProfile;
}

export interface FibreLineProfile {
  lineClass: 'fibre';
  /** Thousandths of dBm (TR-181's Dbm1000). */
  receivePower: number;
  transmitPower: number;
}

export type LineProfile = DslLineProfile | DocsisLineProfile | FibreLineProfile;

/** A neighbour's network that the gateway's site survey hears. */
export interface NeighbourProfile {
  /** Its own stream, for the drift of its signal. */
  seed: number;
  /** '' for a hidden network; spaces and quotes as its owner typed them. */
  ssid: string;
  bssid: string;
  band: WifiBand;
  channel: number;
  /** TR-181 `OperatingChannelBandwidth`, e.g. "20MHz". */
  bandwidth: string;
  /** TR-181 `OperatingStandards`, e.g. "b,g,n". */
  standards: string;
  /** TR-181 `SecurityModeEnabled`, e.g. "WPA2-Personal". */
  security: string;
  /** Where its signal settles, dBm: how far away and behind how many walls it is. */
  baseSignalDbm: number;
}

/** Longitude and latitude in degrees (WGS 84), as GeoJSON orders them. */
export interface GeoPoint {
  longitude: number;
  latitude: number;
}

export interface GatewayProfile {
  /** Position in the fleet, from 0. */
  index: number;
  /** The gateway's own stream: nothing it reports depends on any other gateway. */
  seed: number;
  model: GatewayModel;
  firmware: FirmwareSpec;
  serialNumber: string;
  macAddress: string;
  /** The LAN's first three octets, e.g. "192.168.1". */
  lanPrefix: string;
  /** The public address the provider gave the WAN interface. */
  wanIpAddress: string;
  ssid: string;
  radios: readonly RadioProfile[];
  hosts: readonly HostProfile[];
  line: LineProfile;
  /** The management agent it runs: `X_LINESIGHT_ClientVersion` and `BuildIdentifier`. */
  agent: AgentRelease;
  /** The household's position, for gateways whose provider gives them one; else null. */
  location: GeoPoint | null;
  /** The networks its site survey hears, 2.4 GHz and 5 GHz. */
  neighbours: readonly NeighbourProfile[];
  /** °C its hottest sensor idles at: where it stands and how well it is cooled. */
  idleTemperatureC: number;
  /** Where in each reporting interval it reports, from 0 to 1, so a fleet spreads its load. */
  reportPhase: number;
  /** Hours local time is ahead of UTC: the household's day follows local time. */
  utcOffsetHours: number;
  behaviour: BehaviourRates;
}
