import type { ParameterValue } from '@linesight/contract';
import { normaliseMac, vendorPrefix } from './device-identity';
import { cachedPerPath } from './path-cache';

/**
 * Turns a report's TR-181 parameters into the canonical model the store keeps. Units are the
 * data model's (seed 001 section 9 converts for display): KiB, percent, dBm, kbps, bytes.
 */

export type ConnectionType = 'WiFi' | 'Ethernet' | 'USB' | 'Not reported';

export interface GatewaySample {
  uptimeSeconds: number | null;
  firmwareVersion: string | null;
  /** The management agent's version (`X_LINESIGHT_ClientVersion`) and build. */
  clientVersion: string | null;
  buildIdentifier: string | null;
  /** The first public IPv4 address of the gateway's IP interfaces. */
  wanIp: string | null;
  /**
   * `Device.BulkData.Profile.{i}.ReportingInterval`, else a TR-069 gateway's
   * `Device.ManagementServer.PeriodicInformInterval`: how often the gateway says it reports.
   */
  reportingIntervalSeconds: number | null;
  cpuPercent: number | null;
  ramTotalKib: number | null;
  ramFreeKib: number | null;
  /**
   * Tenths of °C, the hottest sensor. TR-181 reports whole °C and -274 for "no reading";
   * null when no sensor has a reading.
   */
  temperatureTenths: number | null;
}

export interface HostSample {
  mac: string;
  hostName: string | null;
  active: boolean;
  connectionType: ConnectionType;
  ipv4Addresses: string[];
  ipv6Addresses: string[];
  /** Cumulative counters as the gateway reports them; deltas are taken against the last ones. */
  bytesSentCounter: number | null;
  bytesReceivedCounter: number | null;
  wifiBand: '2.4GHz' | '5GHz' | '6GHz' | null;
  wifiStandard: string | null;
  /** The name (SSID) of the WiFi network the host is on. */
  wifiNetwork: string | null;
  signalDbm: number | null;
  downlinkKbps: number | null;
  uplinkKbps: number | null;
  /** Kept off the internet by the gateway (`X_LINESIGHT_Blocked`). */
  blocked: boolean;
}

type TableRows = Map<string, Map<string, ParameterValue>>;

const tableIndexes = new WeakMap<Map<string, ParameterValue>, Map<string, TableRows>>();

function isInstanceNumber(path: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let index = from; index < to; index++) {
    const code = path.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** Where a parameter sits in a table: `Device.Hosts.Host.` `3` `HostName`. */
interface TablePlace {
  tablePath: string;
  instance: string;
  field: string;
}

/** Each table a path is in: one per instance number in it. */
function placesOf(path: string): TablePlace[] {
  const places: TablePlace[] = [];
  let dot = path.indexOf('.');
  while (dot !== -1) {
    const next = path.indexOf('.', dot + 1);
    if (next === -1) break;
    if (isInstanceNumber(path, dot + 1, next)) {
      places.push({
        tablePath: path.slice(0, dot + 1),
        instance: path.slice(dot + 1, next),
        field: path.slice(next + 1),
      });
    }
    dot = next;
  }
  return places;
}

/** Places of paths seen before: a path is taken apart once per process. */
const cachedPlacesOf = cachedPerPath(placesOf);

/**
 * Every table of a report, read in one pass over its parameters and kept with them: a table
 * path (`Device.Hosts.Host.`) → instance → field → value. A path with several instance numbers
 * (`Device.WiFi.AccessPoint.1.AssociatedDevice.2.SignalStrength`) is in each of its tables.
 */
export function tableIndexOf(parameters: Map<string, ParameterValue>): Map<string, TableRows> {
  const known = tableIndexes.get(parameters);
  if (known) return known;
  const index = new Map<string, TableRows>();
  for (const [path, value] of parameters) {
    for (const { tablePath, instance, field } of cachedPlacesOf(path)) {
      let rows = index.get(tablePath);
      if (!rows) index.set(tablePath, (rows = new Map<string, Map<string, ParameterValue>>()));
      let row = rows.get(instance);
      if (!row) rows.set(instance, (row = new Map<string, ParameterValue>()));
      row.set(field, value);
    }
  }
  tableIndexes.set(parameters, index);
  return index;
}

/** `Device.X.{i}.Field` rows of one table, by instance number: instance → field → value. */
export function tableRows(
  parameters: Map<string, ParameterValue>,
  tablePath: string,
): Map<string, Map<string, ParameterValue>> {
  return tableIndexOf(parameters).get(tablePath) ?? new Map<string, Map<string, ParameterValue>>();
}

export function numberOf(value: ParameterValue | undefined): number | null {
  if (value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

export function textOf(value: ParameterValue | undefined): string | null {
  if (value === undefined) return null;
  const text = String(value).trim();
  return text ? text.slice(0, 255) : null;
}

export function booleanOf(value: ParameterValue | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return null;
}

/** TR-181's temperature sentinel: -274 °C, below absolute zero, means "no reading". */
const noTemperatureReading = -274;

export function gatewaySampleOf(parameters: Map<string, ParameterValue>): GatewaySample {
  const readings = [
    ...tableRows(parameters, 'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.').values(),
  ]
    .map((sensor) => numberOf(sensor.get('Value')))
    .filter((value): value is number => value !== null && value > noTemperatureReading);
  const cpu = numberOf(parameters.get('Device.DeviceInfo.ProcessStatus.CPUUsage'));
  const intervals = [...tableRows(parameters, 'Device.BulkData.Profile.').values()]
    .map((profile) => numberOf(profile.get('ReportingInterval')))
    .filter((interval): interval is number => interval !== null && interval > 0);
  return {
    uptimeSeconds: numberOf(parameters.get('Device.DeviceInfo.UpTime')),
    firmwareVersion: textOf(parameters.get('Device.DeviceInfo.SoftwareVersion')),
    clientVersion: textOf(parameters.get(`Device.DeviceInfo.${vendorPrefix}ClientVersion`)),
    buildIdentifier: textOf(parameters.get(`Device.DeviceInfo.${vendorPrefix}BuildIdentifier`)),
    wanIp: wanIpOf(parameters),
    reportingIntervalSeconds:
      intervals.reduce<number | null>(
        (least, interval) => (least === null || interval < least ? interval : least),
        null,
      ) ?? periodicInformIntervalOf(parameters),
    cpuPercent: cpu === null ? null : Math.min(100, Math.max(0, cpu)),
    ramTotalKib: numberOf(parameters.get('Device.DeviceInfo.MemoryStatus.Total')),
    ramFreeKib: numberOf(parameters.get('Device.DeviceInfo.MemoryStatus.Free')),
    temperatureTenths: readings.reduce<number | null>(
      (hottest, reading) => (hottest === null || reading * 10 > hottest ? reading * 10 : hottest),
      null,
    ),
  };
}

/**
 * A TR-069 gateway reports once a session, and its sessions come every PeriodicInformInterval
 * (decision 023): its reporting interval when it reports none of Bulk Data's.
 */
function periodicInformIntervalOf(parameters: Map<string, ParameterValue>): number | null {
  const interval = numberOf(parameters.get('Device.ManagementServer.PeriodicInformInterval'));
  return interval !== null && interval > 0 ? interval : null;
}

/** Private, shared, loopback and link-local IPv4 ranges: a LAN's, not the WAN's. */
const nonPublicIpv4 = /^(10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.)/;

/** The gateway's WAN address: the first public IPv4 address among its IP interfaces. */
function wanIpOf(parameters: Map<string, ParameterValue>): string | null {
  for (const ipInterface of tableRows(parameters, 'Device.IP.Interface.').values()) {
    for (const [field, value] of ipInterface) {
      if (!field.startsWith('IPv4Address.') || !field.endsWith('.IPAddress')) continue;
      const address = textOf(value);
      if (address && /^\d+\.\d+\.\d+\.\d+$/.test(address) && !nonPublicIpv4.test(address))
        return address;
    }
  }
  return null;
}

function connectionTypeOf(layer1Interface: string | null): ConnectionType {
  if (!layer1Interface) return 'Not reported';
  if (layer1Interface.includes('.WiFi.')) return 'WiFi';
  if (layer1Interface.includes('.USB.')) return 'USB';
  if (layer1Interface.includes('.Ethernet.') || layer1Interface.includes('.MoCA.'))
    return 'Ethernet';
  return 'Not reported';
}

interface WifiAssociation {
  band: HostSample['wifiBand'];
  /** The access point's `Device.WiFi.SSID.{i}`, without the trailing dot. */
  ssidReference: string | null;
  standard: string | null;
  signalDbm: number | null;
  downlinkKbps: number | null;
  uplinkKbps: number | null;
}

function ssidReferenceOf(accessPoint: Map<string, ParameterValue>): string | null {
  return textOf(accessPoint.get('SSIDReference'))?.replace(/\.$/, '') ?? null;
}

/**
 * The SSID's name, from its `Device.WiFi.SSID.{i}` reference: the associated device's access
 * point's, else the host's `Layer1Interface` when it names an SSID (as gateways with no
 * AssociatedDevice table report it).
 */
function wifiNetworkOf(
  parameters: Map<string, ParameterValue>,
  reference: string | null | undefined,
): string | null {
  const ssid = reference?.replace(/\.$/, '');
  if (!ssid || !/^Device\.WiFi\.SSID\.\d+$/.test(ssid)) return null;
  return textOf(parameters.get(`${ssid}.SSID`));
}

/** Band of an access point: AccessPoint.SSIDReference → SSID.LowerLayers → Radio band. */
function bandOfAccessPoint(
  parameters: Map<string, ParameterValue>,
  accessPoint: Map<string, ParameterValue>,
): HostSample['wifiBand'] {
  const ssid = ssidReferenceOf(accessPoint);
  const radio =
    ssid &&
    textOf(parameters.get(`${ssid}.LowerLayers`))
      ?.split(',')[0]
      ?.trim()
      .replace(/\.$/, '');
  const band = radio ? textOf(parameters.get(`${radio}.OperatingFrequencyBand`)) : null;
  return band === '2.4GHz' || band === '5GHz' || band === '6GHz' ? band : null;
}

/** Every associated WiFi client by MAC, with its band, standard, signal and last rates. */
function wifiAssociations(parameters: Map<string, ParameterValue>): Map<string, WifiAssociation> {
  const associations = new Map<string, WifiAssociation>();
  for (const [index, accessPoint] of tableRows(parameters, 'Device.WiFi.AccessPoint.')) {
    const band = bandOfAccessPoint(parameters, accessPoint);
    const ssidReference = ssidReferenceOf(accessPoint);
    for (const client of tableRows(
      parameters,
      `Device.WiFi.AccessPoint.${index}.AssociatedDevice.`,
    ).values()) {
      const mac = normaliseMac(textOf(client.get('MACAddress')));
      if (!mac) continue;
      associations.set(mac, {
        band,
        ssidReference,
        standard: textOf(client.get('OperatingStandard')),
        signalDbm: numberOf(client.get('SignalStrength')),
        downlinkKbps: numberOf(client.get('LastDataDownlinkRate')),
        uplinkKbps: numberOf(client.get('LastDataUplinkRate')),
      });
    }
  }
  return associations;
}

function addressesOf(
  host: Map<string, ParameterValue>,
  table: 'IPv4Address' | 'IPv6Address',
): string[] {
  const addresses = new Set<string>();
  for (const [field, value] of host) {
    if (field.startsWith(`${table}.`) && field.endsWith('.IPAddress')) {
      const address = textOf(value);
      if (address) addresses.add(address);
    }
  }
  return [...addresses];
}

/**
 * The LAN hosts of a report, by MAC. A host's byte counters are `WANStats` (TR-181 2.12+) or,
 * for older models, the vendor pair `X_LINESIGHT_BytesSent/BytesReceived`; "sent" is what the
 * host sent, so it is the host's upstream ("out").
 */
export function hostSamplesOf(parameters: Map<string, ParameterValue>): HostSample[] {
  const wifi = wifiAssociations(parameters);
  const hosts = new Map<string, HostSample>();
  for (const host of tableRows(parameters, 'Device.Hosts.Host.').values()) {
    const mac = normaliseMac(textOf(host.get('PhysAddress')));
    if (!mac) continue;
    const association = wifi.get(mac);
    const ipv4 = addressesOf(host, 'IPv4Address');
    const legacyAddress = textOf(host.get('IPAddress'));
    if (legacyAddress && !ipv4.includes(legacyAddress) && !legacyAddress.includes(':'))
      ipv4.push(legacyAddress);
    const layer1Interface = textOf(host.get('Layer1Interface'));
    const connectionType = association ? 'WiFi' : connectionTypeOf(layer1Interface);
    hosts.set(mac, {
      mac,
      hostName: textOf(host.get('HostName')),
      active: booleanOf(host.get('Active')) ?? false,
      connectionType,
      ipv4Addresses: ipv4,
      ipv6Addresses: addressesOf(host, 'IPv6Address'),
      bytesSentCounter: numberOf(
        host.get('WANStats.BytesSent') ?? host.get(`${vendorPrefix}BytesSent`),
      ),
      bytesReceivedCounter: numberOf(
        host.get('WANStats.BytesReceived') ?? host.get(`${vendorPrefix}BytesReceived`),
      ),
      wifiBand: association?.band ?? null,
      wifiStandard: association?.standard ?? null,
      wifiNetwork:
        connectionType === 'WiFi'
          ? wifiNetworkOf(parameters, association?.ssidReference ?? layer1Interface)
          : null,
      signalDbm: association?.signalDbm ?? null,
      downlinkKbps: association?.downlinkKbps ?? null,
      uplinkKbps: association?.uplinkKbps ?? null,
      blocked: booleanOf(host.get(`${vendorPrefix}Blocked`)) ?? false,
    });
  }
  return [...hosts.values()];
}

/**
 * The most a counter is believed to grow between two readings: 256 TiB, three days of a host
 * at 10 Gbit/s. More is a glitch (a 64-bit counter jumping), and it would overflow a bigint
 * sum: a 28800 s bucket adds up to 28,800 readings (one a second), and 28,800 × 2^48 < 2^63.
 */
const largestCounterDelta = 2 ** 48;

/**
 * What a cumulative counter grew by since the previous reading. After a reboot, or when it went
 * down (a wrap, a restarted agent), it has counted up from zero since: its value is the growth.
 * Never negative, so never a spike either way, and never past `largestCounterDelta`; unknown
 * without both readings. Whole, as the bigint columns need: a reading stored before values were
 * checked (decision 010) may hold a fraction.
 */
export function counterDelta(
  previous: number | null,
  current: number | null,
  rebooted: boolean,
): number | null {
  if (current === null || current < 0 || previous === null) return null;
  return Math.min(
    largestCounterDelta,
    Math.round(rebooted || current < previous ? current : current - previous),
  );
}
