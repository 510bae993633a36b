import type {
  DocsisLineProfile,
  DslLineProfile,
  GatewayProfile,
  HostProfile,
  RadioProfile,
} from './profile';
import type { BulkDataReport, ParameterValue } from './report';
import type { NeighbourReading } from './site-survey';
import type { SpectrumReading } from './spectrum';

/**
 * Writes what a gateway measured as TR-181 parameters (NameValuePair). Only standard paths of
 * TR-181 2.17 and the `X_LINESIGHT_` vendor parameters of docs/reporting-protocol.md appear.
 * Units are TR-181's: KiB, percent, whole °C, dBm, kbps, bytes, Hz, tenths of dB (DSL, DOCSIS),
 * hundredths of dBmV (spectrum amplitudes) and thousandths of dBm (optical).
 */

export interface HostReading {
  host: HostProfile;
  active: boolean;
  /** Cumulative since boot, wrapped at the firmware's counter width. */
  bytesSent: number;
  bytesReceived: number;
  /** WiFi hosts that are associated now; null for cabled or absent ones. */
  wifi: { signalDbm: number; downlinkKbps: number; uplinkKbps: number } | null;
  /** Kept off the internet by a block command: still on the LAN, its counters stand still. */
  blocked: boolean;
}

/**
 * A DSL direction's error counters since boot, as G.997.1 counts them. Reed-Solomon corrects
 * most errors (FEC); G.INP retransmits what it cannot (DTUs retransmitted), and what that misses
 * is uncorrected and shows as CRC errors. On ATM (ADSL) each errored frame also spoils a few
 * cells' headers (HEC); PTM has no cell headers, so HEC stays 0.
 */
export interface DslErrorCounters {
  fecCorrected: number;
  retransmitted: number;
  uncorrected: number;
  crc: number;
  hec: number;
}

export interface DslReading {
  lineClass: 'dsl';
  profile: DslLineProfile;
  secondsSinceTrained: number;
  downstreamMargin: number;
  upstreamMargin: number;
  attainableDownstreamKbps: number;
  attainableUpstreamKbps: number;
  syncDownstreamKbps: number;
  syncUpstreamKbps: number;
  retrainsSinceBoot: number;
  downstream: DslErrorCounters;
  upstream: DslErrorCounters;
  /** Since boot, at the modem (near end). */
  erroredSeconds: number;
  severelyErroredSeconds: number;
}

export interface DocsisReading {
  lineClass: 'docsis';
  profile: DocsisLineProfile;
  downstream: readonly {
    power: number;
    signalNoise: number;
    unerroreds: number;
    correcteds: number;
    uncorrectables: number;
  }[];
  upstream: readonly { txPower: number; t3Timeouts: number; t4Timeouts: number }[];
}

export interface FibreReading {
  lineClass: 'fibre';
  secondsSinceUp: number;
  receivePower: number;
  transmitPower: number;
}

export interface GatewayReading {
  at: number;
  /** How often the gateway reports now: the live interval, or a backfill's wider spacing. */
  reportingIntervalSeconds: number;
  uptimeSeconds: number;
  cpuPercent: number;
  ramFreeKib: number;
  /** Whole °C per sensor; null when the sensor has no reading. */
  temperaturesC: readonly (number | null)[];
  /** Each radio's settings now, in the order of the profile's radios. */
  radios: readonly RadioReading[];
  /** Hosts in the Hosts table now: those on the network and those that left lately. */
  hosts: readonly HostReading[];
  line: DslReading | DocsisReading | FibreReading;
  /** The hourly site survey, in the report that starts an hour; else null. */
  siteSurvey: readonly NeighbourReading[] | null;
  /** The hourly DOCSIS spectrum analysis, likewise; null on other lines. */
  spectrum: SpectrumReading | null;
}

export interface RadioReading {
  /** The channel in use: chosen by hand, or by the radio itself when `autoChannel`. */
  channel: number;
  autoChannel: boolean;
  /** e.g. "80MHz". */
  bandwidth: string;
}

/** Adds one parameter to the report being written. */
type Put = (path: string, value: ParameterValue) => void;

/** TR-181's temperature sentinel: -274 °C, below absolute zero, means "no reading". */
const noTemperatureReading = -274;

export function writeReport(profile: GatewayProfile, reading: GatewayReading): BulkDataReport {
  const report: BulkDataReport = { CollectionTime: reading.at };
  const put: Put = (path, value) => {
    // Rounding a small negative gives -0, which JSON writes as 0: report 0 from the start.
    report[path] = Object.is(value, -0) ? 0 : value;
  };
  writeDeviceInfo(put, profile, reading);
  writeReportingAndAddresses(put, profile, reading);
  writeWifi(put, profile, reading);
  if (reading.siteSurvey) writeSiteSurvey(put, reading.siteSurvey);
  writeHosts(put, reading.hosts);
  switch (reading.line.lineClass) {
    case 'dsl':
      writeDsl(put, reading.line);
      break;
    case 'docsis':
      writeDocsis(put, reading.line);
      break;
    case 'fibre':
      writeFibre(put, reading.line);
      break;
  }
  if (reading.spectrum) writeSpectrum(put, reading.spectrum);
  return report;
}

/** TR-181 dateTime: ISO 8601 in UTC, whole seconds. */
function dateTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z');
}

/** The Bulk Data profile's interval, and the WAN (1) and LAN (2) IP interfaces. */
function writeReportingAndAddresses(
  put: Put,
  profile: GatewayProfile,
  reading: GatewayReading,
): void {
  put('Device.BulkData.Profile.1.ReportingInterval', reading.reportingIntervalSeconds);
  put('Device.IP.Interface.1.Name', 'wan');
  put('Device.IP.Interface.1.IPv4Address.1.IPAddress', profile.wanIpAddress);
  put('Device.IP.Interface.2.Name', 'br-lan');
  put('Device.IP.Interface.2.IPv4Address.1.IPAddress', `${profile.lanPrefix}.1`);
}

function writeDeviceInfo(put: Put, profile: GatewayProfile, reading: GatewayReading): void {
  const info = 'Device.DeviceInfo';
  put(`${info}.ModelName`, profile.model.name);
  put(`${info}.SerialNumber`, profile.serialNumber);
  put(`${info}.SoftwareVersion`, profile.firmware.version);
  put(`${info}.X_LINESIGHT_MACAddress`, profile.macAddress);
  put(`${info}.X_LINESIGHT_WANType`, profile.model.wanType);
  put(`${info}.X_LINESIGHT_ClientVersion`, profile.agent.clientVersion);
  put(`${info}.X_LINESIGHT_BuildIdentifier`, profile.agent.buildIdentifier);
  put(`${info}.UpTime`, reading.uptimeSeconds);
  put(`${info}.ProcessStatus.CPUUsage`, reading.cpuPercent);
  put(`${info}.MemoryStatus.Total`, profile.model.ramTotalKib);
  put(`${info}.MemoryStatus.Free`, reading.ramFreeKib);
  profile.model.temperatureSensors.forEach((name, index) => {
    const sensor = `${info}.TemperatureStatus.TemperatureSensor.${index + 1}`;
    put(`${sensor}.Name`, name);
    put(`${sensor}.Value`, reading.temperaturesC[index] ?? noTemperatureReading);
  });
  if (profile.location) {
    // The provider hands the gateway its position when its agent starts (RFC 7946: lon, lat).
    const location = `${info}.Location.1`;
    const { longitude, latitude } = profile.location;
    put(`${location}.Source`, 'External');
    put(`${location}.AcquiredTime`, dateTime(reading.at - reading.uptimeSeconds));
    put(
      `${location}.DataObject`,
      JSON.stringify({ type: 'Point', coordinates: [longitude, latitude] }),
    );
  }
}

/** Radio i carries SSID i and access point i: one network name on both bands. */
function writeWifi(put: Put, profile: GatewayProfile, reading: GatewayReading): void {
  profile.radios.forEach((radio, index) => {
    const settings = reading.radios[index];
    if (!settings) return;
    const path = `Device.WiFi.Radio.${radio.instance}`;
    put(`${path}.OperatingFrequencyBand`, radio.band);
    // With auto channel selection on, Channel is the one the radio chose (TR-181).
    put(`${path}.AutoChannelEnable`, settings.autoChannel);
    put(`${path}.Channel`, settings.channel);
    put(`${path}.PossibleChannels`, radio.possibleChannels);
    put(`${path}.OperatingChannelBandwidth`, settings.bandwidth);
    put(`${path}.OperatingStandards`, radio.standards);
    const ssid = `Device.WiFi.SSID.${radio.instance}`;
    put(`${ssid}.Enable`, true);
    put(`${ssid}.SSID`, profile.ssid);
    put(`${ssid}.BSSID`, radio.bssid);
    put(`${ssid}.LowerLayers`, `${path}.`);
    const accessPoint = `Device.WiFi.AccessPoint.${radio.instance}`;
    put(`${accessPoint}.SSIDReference`, `${ssid}.`);
    put(`${accessPoint}.Security.ModeEnabled`, radio.security);
    writeAssociatedDevices(put, radio, reading.hosts);
  });
}

function writeAssociatedDevices(
  put: Put,
  radio: RadioProfile,
  hosts: readonly HostReading[],
): void {
  let instance = 0;
  for (const { host, wifi } of hosts) {
    if (!wifi || host.connection.medium !== 'wifi' || host.connection.band !== radio.band) continue;
    instance += 1;
    const path = `Device.WiFi.AccessPoint.${radio.instance}.AssociatedDevice.${instance}`;
    put(`${path}.MACAddress`, host.mac);
    put(`${path}.SignalStrength`, wifi.signalDbm);
    put(`${path}.LastDataDownlinkRate`, wifi.downlinkKbps);
    put(`${path}.LastDataUplinkRate`, wifi.uplinkKbps);
    put(`${path}.OperatingStandard`, host.connection.standard);
  }
}

/** The neighbours' networks the last scan heard, both bands in one table. */
function writeSiteSurvey(put: Put, survey: readonly NeighbourReading[]): void {
  const diagnostic = 'Device.WiFi.NeighboringWiFiDiagnostic';
  put(`${diagnostic}.DiagnosticsState`, 'Complete');
  survey.forEach(({ neighbour, signalDbm }, index) => {
    const path = `${diagnostic}.Result.${index + 1}`;
    put(`${path}.SSID`, neighbour.ssid);
    put(`${path}.BSSID`, neighbour.bssid);
    put(`${path}.Channel`, neighbour.channel);
    put(`${path}.SignalStrength`, signalDbm);
    put(`${path}.OperatingFrequencyBand`, neighbour.band);
    put(`${path}.OperatingChannelBandwidth`, neighbour.bandwidth);
    put(`${path}.OperatingStandards`, neighbour.standards);
    put(`${path}.SecurityModeEnabled`, neighbour.security);
  });
}

function layer1Interface(host: HostProfile): string {
  if (host.connection.medium === 'ethernet') {
    return `Device.Ethernet.Interface.${host.connection.port}`;
  }
  return `Device.WiFi.SSID.${host.connection.band === '2.4GHz' ? 1 : 2}`;
}

function writeHosts(put: Put, hosts: readonly HostReading[]): void {
  for (const { host, active, bytesSent, bytesReceived, blocked } of hosts) {
    const path = `Device.Hosts.Host.${host.instance}`;
    put(`${path}.PhysAddress`, host.mac);
    put(`${path}.HostName`, host.hostName);
    put(`${path}.Active`, active);
    put(`${path}.Layer1Interface`, layer1Interface(host));
    put(`${path}.AddressSource`, 'DHCP');
    put(`${path}.IPv4Address.1.IPAddress`, host.ipv4Address);
    put(`${path}.WANStats.BytesSent`, bytesSent);
    put(`${path}.WANStats.BytesReceived`, bytesReceived);
    put(`${path}.X_LINESIGHT_Blocked`, blocked);
  }
}

function writeDsl(put: Put, dsl: DslReading): void {
  const line = 'Device.DSL.Line.1';
  put(`${line}.Status`, 'Up');
  put(`${line}.LinkStatus`, 'Up');
  put(`${line}.LastChange`, dsl.secondsSinceTrained);
  put(`${line}.StandardUsed`, dsl.profile.mode.standardUsed);
  if (dsl.profile.mode.profile) put(`${line}.CurrentProfile`, dsl.profile.mode.profile);
  // Full power: the fleet's lines never drop to L2 or L3.
  put(`${line}.PowerManagementState`, 'L0');
  put(`${line}.TRELLISds`, 1);
  put(`${line}.TRELLISus`, 1);
  put(`${line}.DownstreamMaxBitRate`, dsl.attainableDownstreamKbps);
  put(`${line}.UpstreamMaxBitRate`, dsl.attainableUpstreamKbps);
  put(`${line}.DownstreamNoiseMargin`, dsl.downstreamMargin);
  put(`${line}.UpstreamNoiseMargin`, dsl.upstreamMargin);
  put(`${line}.DownstreamAttenuation`, dsl.profile.downstreamAttenuation);
  put(`${line}.UpstreamAttenuation`, dsl.profile.upstreamAttenuation);
  put(`${line}.DownstreamPower`, dsl.profile.downstreamPower);
  put(`${line}.UpstreamPower`, dsl.profile.upstreamPower);
  put(`${line}.X_LINESIGHT_Retrains`, dsl.retrainsSinceBoot);
  put(`${line}.Stats.Total.ErroredSecs`, dsl.erroredSeconds);
  put(`${line}.Stats.Total.SeverelyErroredSecs`, dsl.severelyErroredSeconds);
  const channel = 'Device.DSL.Channel.1';
  put(`${channel}.Status`, 'Up');
  put(`${channel}.LowerLayers`, `${line}.`);
  put(`${channel}.LinkEncapsulationUsed`, dsl.profile.mode.linkEncapsulation);
  put(`${channel}.DownstreamCurrRate`, dsl.syncDownstreamKbps);
  put(`${channel}.UpstreamCurrRate`, dsl.syncUpstreamKbps);
  // The modem (xTU-R) receives downstream, the exchange's end (xTU-C) upstream.
  const total = `${channel}.Stats.Total`;
  put(`${total}.XTURFECErrors`, dsl.downstream.fecCorrected);
  put(`${total}.XTUCFECErrors`, dsl.upstream.fecCorrected);
  put(`${total}.XTURHECErrors`, dsl.downstream.hec);
  put(`${total}.XTUCHECErrors`, dsl.upstream.hec);
  put(`${total}.XTURCRCErrors`, dsl.downstream.crc);
  put(`${total}.XTUCCRCErrors`, dsl.upstream.crc);
  put(`${channel}.X_LINESIGHT_RtxCds`, dsl.downstream.retransmitted);
  put(`${channel}.X_LINESIGHT_RtxCus`, dsl.upstream.retransmitted);
  put(`${channel}.X_LINESIGHT_RtxUCds`, dsl.downstream.uncorrected);
  put(`${channel}.X_LINESIGHT_RtxUCus`, dsl.upstream.uncorrected);
}

function writeDocsis(put: Put, docsis: DocsisReading): void {
  const { annex } = docsis.profile;
  docsis.profile.downstream.forEach((channel, index) => {
    const measured = docsis.downstream[index];
    if (!measured) return;
    const path = `Device.DOCSIS.DownstreamChannel.${index + 1}`;
    put(`${path}.ID`, channel.id);
    put(`${path}.Frequency`, channel.frequencyHz);
    put(`${path}.Width`, channel.widthHz);
    put(`${path}.Modulation`, 'QAM256');
    // EuroDOCSIS plant interleaves 12/17; North American plant usually 32/4.
    put(`${path}.Interleave`, annex === 'AnnexA' ? 'Taps12increment17' : 'Taps32Increment4');
    put(`${path}.Annex`, annex);
    put(`${path}.Power`, measured.power);
    put(`${path}.SignalQuality.SignalNoise`, measured.signalNoise);
    put(`${path}.SignalQuality.ExtUnerroreds`, measured.unerroreds);
    put(`${path}.SignalQuality.ExtCorrecteds`, measured.correcteds);
    put(`${path}.SignalQuality.ExtUncorrectables`, measured.uncorrectables);
  });
  // TR-181 has no upstream symbol rate: it is Width / 1.25 (5.12 Msym/s on a 6.4 MHz channel).
  docsis.profile.upstream.forEach((channel, index) => {
    const measured = docsis.upstream[index];
    if (!measured) return;
    const path = `Device.DOCSIS.UpstreamChannel.${index + 1}`;
    put(`${path}.ID`, channel.id);
    put(`${path}.Frequency`, channel.frequencyHz);
    put(`${path}.Width`, channel.widthHz);
    put(`${path}.Status.TxPower`, measured.txPower);
    put(`${path}.Status.ModulationType`, 'ATDMA');
    put(`${path}.Status.T3Timeouts`, measured.t3Timeouts);
    put(`${path}.Status.T4Timeouts`, measured.t4Timeouts);
  });
}

/** Amplitudes are hundredths of dBmV, comma-separated, lowest frequency first. */
function writeSpectrum(put: Put, spectrum: SpectrumReading): void {
  const analysis = 'Device.DOCSIS.SpectrumAnalysis';
  put(`${analysis}.SegmentFrequencySpan`, spectrum.segmentSpanHz);
  put(`${analysis}.NumBinsPerSegment`, spectrum.binsPerSegment);
  spectrum.segments.forEach((segment, index) => {
    const path = `${analysis}.Result.${index + 1}`;
    put(`${path}.Frequency`, segment.frequencyHz);
    put(`${path}.AmplitudeData`, segment.amplitudes.join(','));
  });
}

function writeFibre(put: Put, fibre: FibreReading): void {
  const path = 'Device.Optical.Interface.1';
  put(`${path}.Status`, 'Up');
  put(`${path}.LastChange`, fibre.secondsSinceUp);
  put(`${path}.OpticalSignalLevel`, fibre.receivePower);
  put(`${path}.TransmitOpticalLevel`, fibre.transmitPower);
  // The GPON class B+ receiver window.
  put(`${path}.LowerOpticalThreshold`, -28_000);
  put(`${path}.UpperOpticalThreshold`, -8_000);
}
