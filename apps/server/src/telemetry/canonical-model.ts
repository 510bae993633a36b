/**
 * The canonical model of what a gateway reports as a whole (seed 001 section 3's shapes): the
 * collectors build these from whatever protocol a gateway speaks, the store keeps them as
 * `gateway_snapshots` payloads, and the read side serves them. Units are TR-181's (tenths of dB
 * and dBmV, kbps, Hz); the portal converts them for display.
 */

export const directions = ['downstream', 'upstream'] as const;
type PerDirection<T> = Record<Direction, T>;

export type FreqBand = '2.4GHz' | '5GHz' | '6GHz';

export interface WifiNetwork {
  ssid: string | null;
  bssid: string | null;
  ssidEnabled: boolean;
  security: string | null;
  referenceId: string;
  parentRadioReferenceId: string | null;
}

export interface WifiRadio {
  radioInstance: number;
  referenceId: string;
  freqBand: FreqBand | null;
  /** The channel in use; when `autoChannel`, the one the radio picked itself. */
  channel: number;
  /** The radio picks its own channel (the screens may show Auto). */
  autoChannel: boolean;
  channelBandwidth: number | null;
  availableChannels: number[];
  standard: string | null;
  wifiNetworks: WifiNetwork[];
}

export interface SiteSurveyEntry {
  ssid: string | null;
  bssid: string | null;
  standard: string | null;
  channel: number | null;
  rssi: number | null;
  freqBand: FreqBand | null;
  channelBandwidth: number | null;
  security: string | null;
}

export interface ReportedLocation {
  latitude: number;
  longitude: number;
  source: 'service';
}

export type Direction = (typeof directions)[number];

export interface DslStats {
  trellis: boolean | null;
  phyr: boolean | null;
  ginp: boolean;
  /** Noise margin, attenuation and power in tenths of dB (power in tenths of dBmV). */
  snr: number | null;
  attenuation: number | null;
  power: number | null;
  /** kbps. */
  attainRate: number | null;
  currentRate: number | null;
  retransmission: boolean;
}

export interface DslErrors {
  frames: number | null;
  frameErrors: number | null;
  bitErrors: number | null;
  hecErrors: number | null;
  erroredSecs: number | null;
  ses: number | null;
  rsCorr: number | null;
  rsUncorr: number | null;
}

/** G.INP counters since the line trained: DTUs retransmitted, and those still uncorrected. */
export interface DslGinp {
  rtxc: number | null;
  rtxuc: number | null;
}

export interface DslLine {
  /** The `Device.DSL.Line.{i}` instance. */
  line: number;
  status: {
    status: string | null;
    standard: string | null;
    trafficType: string | null;
    linkPowerState: string | null;
    /** Retrains since the gateway booted (`X_LINESIGHT_Retrains`). */
    retrains: number | null;
  };
  stats: PerDirection<DslStats>;
  ginp: PerDirection<DslGinp>;
  errors: PerDirection<DslErrors>;
  /** Seconds since the line last changed state (trained), for retrain times. */
  lastChangeSeconds: number | null;
}

export interface DocsisDownstreamChannel {
  channelNumber: number;
  channelId: number | null;
  modulation: string | null;
  /** Hz. */
  frequency: number | null;
  width: number | null;
  /** Tenths of dBmV and tenths of dB. */
  power: number | null;
  snr: number | null;
  totalCorrectableErrors: number | null;
  totalUncorrectableErrors: number | null;
}

export interface DocsisUpstreamChannel {
  channelNumber: number;
  channelId: number | null;
  modulation: string | null;
  frequency: number | null;
  width: number | null;
  power: number | null;
  /** Symbols per second. */
  symbolRate: number | null;
}

export interface DocsisChannels {
  dsChannelStats: DocsisDownstreamChannel[];
  usChannelStats: DocsisUpstreamChannel[];
}

export interface SpectrumEntry {
  /** Hz. */
  segmentCenterFrequency: number;
  measurementFrequencySpan: number | null;
  /** The channel whose band holds the segment's centre, when one does. */
  channelNumber: number | null;
  downstreamOrUpstream: 'downstream' | 'upstream' | 'unknown';
  /** Hundredths of dBmV, one per bin. */
  amplitudeData: number[];
}
