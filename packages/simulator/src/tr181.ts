import type {
  DocsisLineProfile,
  DslLineProfile,
  GatewayProfile,
  HostProfile,
  RadioProfile,
} from './profile';
import type { BulkDataReport, ParameterValue } from './report';

/**
 * Writes what a gateway measured as TR-181 parameters (NameValuePair). Only standard paths of
 * TR-181 2.17 and the `X_LINESIGHT_` vendor parameters of docs/reporting-protocol.md appear.
 * Units are TR-181's: KiB, percent, whole °C, dBm, kbps, bytes, tenths of dB (DSL, DOCSIS) and
 * thousandths of dBm (optical).
 */

export interface HostReading {
  host: HostProfile;
  active: boolean;
  /** Cumulative since boot, wrapped at the firmware's counter width. */
  bytesSent: number;
  bytesReceived: number;
  /** WiFi hosts that are associated now; null for cabled or absent ones. */
  wifi: { signalDbm: number; downlinkKbps: number; uplinkKbps: number } | null;
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
  /** G.INP retransmitted and uncorrected counters, since boot. */
  retransmitted: number;
  uncorrected: number;
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
  uptimeSeconds: number;
  cpuPercent: number;
  ramFreeKib: number;
  /** Whole °C per sensor; null when the sensor has no reading. */
  temperaturesC: readonly (number | null)[];
  /** The channel each radio chose at boot, by radio. */
  channels: readonly number[];
  /** Hosts in the Hosts table now: those on the network and those that left lately. */
  hosts: readonly HostReading[];
  line: DslReading | DocsisReading | FibreReading;
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
  writeWifi(put, profile, reading);
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
  return report;
}

function writeDeviceInfo(put: Put, profile: GatewayProfile, reading: GatewayReading): void {
  const info = 'Device.DeviceInfo';
  put(`${info}.ModelName`, profile.model.name);
  put(`${info}.SerialNumber`, profile.serialNumber);
  put(`${info}.SoftwareVersion`, profile.firmware.version);
  put(`${info}.X_LINESIGHT_MACAddress`, profile.macAddress);
  put(`${info}.X_LINESIGHT_WANType`, profile.model.wanType);
  put(`${info}.UpTime`, reading.uptimeSeconds);
  put(`${info}.ProcessStatus.CPUUsage`, reading.cpuPercent);
  put(`${info}.MemoryStatus.Total`, profile.model.ramTotalKib);
  put(`${info}.MemoryStatus.Free`, reading.ramFreeKib);
  profile.model.temperatureSensors.forEach((name, index) => {
    const sensor = `${info}.TemperatureStatus.TemperatureSensor.${index + 1}`;
    put(`${sensor}.Name`, name);
    put(`${sensor}.Value`, reading.temperaturesC[index] ?? noTemperatureReading);
  });
}

/** Radio i carries SSID i and access point i: one network name on both bands. */
function writeWifi(put: Put, profile: GatewayProfile, reading: GatewayReading): void {
  profile.radios.forEach((radio, index) => {
    const path = `Device.WiFi.Radio.${radio.instance}`;
    put(`${path}.OperatingFrequencyBand`, radio.band);
    // Auto channel selection is on, so Channel is the one it chose (TR-181).
    put(`${path}.AutoChannelEnable`, true);
    put(`${path}.Channel`, reading.channels[index] ?? radio.channelChoices[0] ?? 1);
    put(`${path}.PossibleChannels`, radio.possibleChannels);
    put(`${path}.OperatingChannelBandwidth`, radio.bandwidth);
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

function layer1Interface(host: HostProfile): string {
  if (host.connection.medium === 'ethernet') {
    return `Device.Ethernet.Interface.${host.connection.port}`;
  }
  return `Device.WiFi.SSID.${host.connection.band === '2.4GHz' ? 1 : 2}`;
}

function writeHosts(put: Put, hosts: readonly HostReading[]): void {
  for (const { host, active, bytesSent, bytesReceived } of hosts) {
    const path = `Device.Hosts.Host.${host.instance}`;
    put(`${path}.PhysAddress`, host.mac);
    put(`${path}.HostName`, host.hostName);
    put(`${path}.Active`, active);
    put(`${path}.Layer1Interface`, layer1Interface(host));
    put(`${path}.AddressSource`, 'DHCP');
    put(`${path}.IPv4Address.1.IPAddress`, host.ipv4Address);
    put(`${path}.WANStats.BytesSent`, bytesSent);
    put(`${path}.WANStats.BytesReceived`, bytesReceived);
  }
}

function writeDsl(put: Put, dsl: DslReading): void {
  const line = 'Device.DSL.Line.1';
  put(`${line}.Status`, 'Up');
  put(`${line}.LinkStatus`, 'Up');
  put(`${line}.LastChange`, dsl.secondsSinceTrained);
  put(`${line}.StandardUsed`, dsl.profile.mode.standardUsed);
  if (dsl.profile.mode.profile) put(`${line}.CurrentProfile`, dsl.profile.mode.profile);
  put(`${line}.DownstreamMaxBitRate`, dsl.attainableDownstreamKbps);
  put(`${line}.UpstreamMaxBitRate`, dsl.attainableUpstreamKbps);
  put(`${line}.DownstreamNoiseMargin`, dsl.downstreamMargin);
  put(`${line}.UpstreamNoiseMargin`, dsl.upstreamMargin);
  put(`${line}.DownstreamAttenuation`, dsl.profile.downstreamAttenuation);
  put(`${line}.UpstreamAttenuation`, dsl.profile.upstreamAttenuation);
  put(`${line}.DownstreamPower`, dsl.profile.downstreamPower);
  put(`${line}.UpstreamPower`, dsl.profile.upstreamPower);
  put(`${line}.X_LINESIGHT_Retrains`, dsl.retrainsSinceBoot);
  const channel = 'Device.DSL.Channel.1';
  put(`${channel}.Status`, 'Up');
  put(`${channel}.LowerLayers`, `${line}.`);
  put(`${channel}.DownstreamCurrRate`, dsl.syncDownstreamKbps);
  put(`${channel}.UpstreamCurrRate`, dsl.syncUpstreamKbps);
  put(`${channel}.X_LINESIGHT_RtxC`, dsl.retransmitted);
  put(`${channel}.X_LINESIGHT_RtxUC`, dsl.uncorrected);
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
