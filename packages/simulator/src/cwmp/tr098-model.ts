import type { BulkDataReport, ParameterValue } from '../report';
import { type ConfigStore, type DataModelSpec, normalMac, reportRows, rowsIn } from './data-model';
import type { ParameterTree, ParameterType } from './parameter-tree';
import { manufacturer, ouiOf } from './tr181-model';
import { booleanOf, xsdTypeOf } from './xsd';

/**
 * The TR-098 (`InternetGatewayDevice.`) tree of a CWMP gateway, translated from the gateway's
 * own TR-181 readings by one table (below). TR-098 has no per-host byte counters, no signal
 * strength or rates per associated device beyond `LastDataTransmitRate`, no channel bandwidth,
 * no DOCSIS or optical interface and no neighbouring WiFi diagnostic: those readings are left
 * out, as a TR-098 gateway would not have them. Blocking is QueueManagement's: a Classification
 * on the host's `SourceMACAddress` whose `ClassPolicer` drops everything.
 */

const igd = 'InternetGatewayDevice.';
const lan = `${igd}LANDevice.1.`;
const wan = `${igd}WANDevice.1.`;
const dsl = `${wan}WANDSLInterfaceConfig.`;
const queues = `${igd}QueueManagement.`;
const tr098ClassificationTable = `${queues}Classification.`;
const tr098PolicerTable = `${queues}Policer.`;

/** TR-181 parameter → TR-098 parameter, for the readings that are one value each. */
const renamed: Record<string, string> = {
  'Device.DeviceInfo.ModelName': `${igd}DeviceInfo.ModelName`,
  'Device.DeviceInfo.SerialNumber': `${igd}DeviceInfo.SerialNumber`,
  'Device.DeviceInfo.SoftwareVersion': `${igd}DeviceInfo.SoftwareVersion`,
  'Device.DeviceInfo.UpTime': `${igd}DeviceInfo.UpTime`,
  'Device.DeviceInfo.ProcessStatus.CPUUsage': `${igd}DeviceInfo.ProcessStatus.CPUUsage`,
  'Device.DeviceInfo.MemoryStatus.Total': `${igd}DeviceInfo.MemoryStatus.Total`,
  'Device.DeviceInfo.MemoryStatus.Free': `${igd}DeviceInfo.MemoryStatus.Free`,
  'Device.DeviceInfo.X_LINESIGHT_MACAddress': `${igd}DeviceInfo.X_LINESIGHT_MACAddress`,
  'Device.DeviceInfo.X_LINESIGHT_WANType': `${igd}DeviceInfo.X_LINESIGHT_WANType`,
  'Device.IP.Interface.1.IPv4Address.1.IPAddress': `${wan}WANConnectionDevice.1.WANIPConnection.1.ExternalIPAddress`,
  'Device.IP.Interface.2.IPv4Address.1.IPAddress': `${lan}LANHostConfigManagement.IPInterface.1.IPInterfaceIPAddress`,
  'Device.DSL.Line.1.Status': `${dsl}Status`,
  'Device.DSL.Line.1.StandardUsed': `${dsl}StandardUsed`,
  'Device.DSL.Line.1.LastChange': `${dsl}ShowtimeStart`,
  'Device.DSL.Line.1.DownstreamMaxBitRate': `${dsl}DownstreamMaxRate`,
  'Device.DSL.Line.1.UpstreamMaxBitRate': `${dsl}UpstreamMaxRate`,
  'Device.DSL.Line.1.DownstreamNoiseMargin': `${dsl}DownstreamNoiseMargin`,
  'Device.DSL.Line.1.UpstreamNoiseMargin': `${dsl}UpstreamNoiseMargin`,
  'Device.DSL.Line.1.DownstreamAttenuation': `${dsl}DownstreamAttenuation`,
  'Device.DSL.Line.1.UpstreamAttenuation': `${dsl}UpstreamAttenuation`,
  'Device.DSL.Line.1.DownstreamPower': `${dsl}DownstreamPower`,
  'Device.DSL.Line.1.UpstreamPower': `${dsl}UpstreamPower`,
  'Device.DSL.Line.1.X_LINESIGHT_Retrains': `${dsl}Stats.Total.LinkRetrain`,
  'Device.DSL.Line.1.Stats.Total.ErroredSecs': `${dsl}Stats.Total.ErroredSecs`,
  'Device.DSL.Line.1.Stats.Total.SeverelyErroredSecs': `${dsl}Stats.Total.SeverelyErroredSecs`,
  'Device.DSL.Channel.1.DownstreamCurrRate': `${dsl}DownstreamCurrRate`,
  'Device.DSL.Channel.1.UpstreamCurrRate': `${dsl}UpstreamCurrRate`,
  'Device.DSL.Channel.1.Stats.Total.XTURFECErrors': `${dsl}Stats.Total.FECErrors`,
  'Device.DSL.Channel.1.Stats.Total.XTUCFECErrors': `${dsl}Stats.Total.ATUCFECErrors`,
  'Device.DSL.Channel.1.Stats.Total.XTURHECErrors': `${dsl}Stats.Total.HECErrors`,
  'Device.DSL.Channel.1.Stats.Total.XTUCHECErrors': `${dsl}Stats.Total.ATUCHECErrors`,
  'Device.DSL.Channel.1.Stats.Total.XTURCRCErrors': `${dsl}Stats.Total.CRCErrors`,
  'Device.DSL.Channel.1.Stats.Total.XTUCCRCErrors': `${dsl}Stats.Total.ATUCCRCErrors`,
};

/** TR-098's `ModulationType` for TR-181's `StandardUsed`. */
function modulationOf(standardUsed: string): string {
  if (standardUsed.startsWith('G.993.2')) return 'VDSL';
  if (standardUsed.startsWith('G.992.5')) return 'ADSL_2plus';
  if (standardUsed.startsWith('G.992.3')) return 'ADSL_G.dmt.bis';
  return 'ADSL_G.dmt';
}

/** TR-098's `Standard` (a, b, g, n) for TR-181's `OperatingStandards` (…, ac, ax). */
function wifiStandardOf(standards: string): string {
  const list = standards.split(',');
  if (list.some((standard) => ['n', 'ac', 'ax'].includes(standard))) return 'n';
  return list.includes('g') ? 'g' : (list[0] ?? 'n');
}

export const tr098Model: DataModelSpec = {
  root: igd,
  cwmpVersion: 0,
  managementServer: `${igd}ManagementServer.`,
  informParameters: [
    `${igd}DeviceSummary`,
    `${igd}DeviceInfo.SpecVersion`,
    `${igd}DeviceInfo.HardwareVersion`,
    `${igd}DeviceInfo.SoftwareVersion`,
    `${igd}DeviceInfo.ProvisioningCode`,
    `${igd}ManagementServer.ConnectionRequestURL`,
    `${igd}ManagementServer.ParameterKey`,
    `${wan}WANConnectionDevice.1.WANIPConnection.1.ExternalIPAddress`,
  ],
  writeReading(tree, report, profile) {
    const put = (name: string, value: ParameterValue, type?: ParameterType, writable = false) =>
      tree.set(name, String(value), type ?? xsdTypeOf(name, value), writable);
    put(
      `${igd}DeviceSummary`,
      'InternetGatewayDevice:1.4[](Baseline:2, EthernetLAN:1, WiFiLAN:2, ADSLWAN:1, QoS:2)',
    );
    put(`${igd}DeviceInfo.Manufacturer`, manufacturer);
    put(`${igd}DeviceInfo.ManufacturerOUI`, ouiOf(profile.model.oui));
    put(`${igd}DeviceInfo.ProductClass`, profile.model.name);
    put(`${igd}DeviceInfo.SpecVersion`, '1.0');
    put(`${igd}DeviceInfo.HardwareVersion`, `${profile.model.name}-HW1`);
    put(`${igd}DeviceInfo.ProvisioningCode`, '');
    for (const [from, to] of Object.entries(renamed)) {
      const value = report[from];
      if (value !== undefined && typeof value !== 'object') put(to, value, xsdTypeOf(from, value));
    }
    writeTemperatures(tree, report);
    writeWan(tree, report);
    writeWlan(tree, report);
    writeHosts(tree, report);
  },
  factoryConfig() {
    return [
      [`${queues}Enable`, 'true', 'xsd:boolean', true],
      [`${queues}MaxClassificationEntries`, '32', 'xsd:unsignedInt', false],
      [`${queues}ClassificationNumberOfEntries`, '0', 'xsd:unsignedInt', false],
      [`${queues}MaxPolicerEntries`, '32', 'xsd:unsignedInt', false],
      [`${queues}PolicerNumberOfEntries`, '0', 'xsd:unsignedInt', false],
    ];
  },
  tables: [
    {
      path: tr098ClassificationTable,
      countedBy: `${queues}ClassificationNumberOfEntries`,
      // TR-098's defaults: disabled, matching everything, no policer (-1).
      row: (instance) => [
        ['ClassificationEnable', 'false', 'xsd:boolean', true],
        ['ClassificationStatus', 'Disabled', 'xsd:string', false],
        ['ClassificationOrder', String(instance), 'xsd:unsignedInt', true],
        ['ClassInterface', '', 'xsd:string', true],
        ['SourceMACAddress', '', 'xsd:string', true],
        ['SourceMACMask', '', 'xsd:string', true],
        ['SourceMACExclude', 'false', 'xsd:boolean', true],
        ['ClassPolicer', '-1', 'xsd:int', true],
        ['ClassQueue', '-1', 'xsd:int', true],
      ],
    },
    {
      path: tr098PolicerTable,
      countedBy: `${queues}PolicerNumberOfEntries`,
      // PolicerKey is the row's own instance number: ClassPolicer names it.
      row: (instance) => [
        ['PolicerKey', String(instance), 'xsd:unsignedInt', false],
        ['PolicerEnable', 'false', 'xsd:boolean', true],
        ['PolicerStatus', 'Disabled', 'xsd:string', false],
        ['MeterType', 'SimpleTokenBucket', 'xsd:string', true],
        ['CommittedRate', '0', 'xsd:unsignedInt', true],
        ['CommittedBurstSize', '0', 'xsd:unsignedInt', true],
        ['ConformingAction', 'Null', 'xsd:string', true],
        ['NonConformingAction', 'Drop', 'xsd:string', true],
      ],
    },
  ],
  blockedMacs(config: ConfigStore) {
    const blocked = new Set<string>();
    if (!booleanOf(config.get(`${queues}Enable`)?.value ?? 'false')) return blocked;
    const policers = rowsIn(config, tr098PolicerTable);
    const dropsAll = (key: string): boolean => {
      const policer = [...policers.values()].find((row) => row.get('PolicerKey') === key);
      return (
        policer !== undefined &&
        booleanOf(policer.get('PolicerEnable') ?? 'false') &&
        policer.get('ConformingAction') === 'Drop' &&
        policer.get('NonConformingAction') === 'Drop'
      );
    };
    for (const row of rowsIn(config, tr098ClassificationTable).values()) {
      const mac = normalMac(row.get('SourceMACAddress') ?? '');
      const mask = (row.get('SourceMACMask') ?? '').toLowerCase();
      if (
        mac &&
        (mask === '' || mask === 'ff:ff:ff:ff:ff:ff') &&
        booleanOf(row.get('ClassificationEnable') ?? 'false') &&
        !booleanOf(row.get('SourceMACExclude') ?? 'false') &&
        dropsAll(row.get('ClassPolicer') ?? '-1')
      ) {
        blocked.add(mac);
      }
    }
    return blocked;
  },
  radioSetting(name) {
    const match =
      /^(InternetGatewayDevice\.LANDevice\.1\.WLANConfiguration\.\d+\.)(Channel|AutoChannelEnable)$/.exec(
        name,
      );
    if (!match?.[1] || !match[2]) return null;
    return { radio: match[1], setting: match[2] as 'Channel' };
  },
  surveyDiagnostic: null,
};

function writeTemperatures(tree: ParameterTree, report: BulkDataReport): void {
  const sensors = reportRows(report, 'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.');
  for (const [instance, sensor] of sensors) {
    const path = `${igd}DeviceInfo.TemperatureStatus.TemperatureSensor.${instance}.`;
    const name = sensor.get('Name');
    const value = sensor.get('Value');
    if (name !== undefined) tree.set(`${path}Name`, String(name), 'xsd:string');
    if (value !== undefined) tree.set(`${path}Value`, String(value), 'xsd:int');
  }
}

/** The WAN: DSL only (TR-098 has no DOCSIS or optical interface), and the WAN IP connection. */
function writeWan(tree: ParameterTree, report: BulkDataReport): void {
  const standardUsed = report['Device.DSL.Line.1.StandardUsed'];
  const accessType = typeof standardUsed === 'string' ? 'DSL' : 'Ethernet';
  tree.set(`${wan}WANCommonInterfaceConfig.WANAccessType`, accessType, 'xsd:string');
  if (typeof standardUsed === 'string') {
    tree.set(`${dsl}Enable`, 'true', 'xsd:boolean');
    tree.set(`${dsl}ModulationType`, modulationOf(standardUsed), 'xsd:string');
  }
  const connection = `${wan}WANConnectionDevice.1.WANIPConnection.1.`;
  tree.set(`${connection}Enable`, 'true', 'xsd:boolean');
  tree.set(`${connection}ConnectionStatus`, 'Connected', 'xsd:string');
  tree.set(`${connection}AddressingType`, 'DHCP', 'xsd:string');
}

/** Radio i, its SSID and its access point are WLANConfiguration i. */
function writeWlan(tree: ParameterTree, report: BulkDataReport): void {
  const radios = reportRows(report, 'Device.WiFi.Radio.');
  const ssids = reportRows(report, 'Device.WiFi.SSID.');
  const hostIps = new Map<string, string>();
  for (const host of reportRows(report, 'Device.Hosts.Host.').values()) {
    hostIps.set(String(host.get('PhysAddress')), String(host.get('IPv4Address.1.IPAddress') ?? ''));
  }
  tree.set(`${lan}LANWLANConfigurationNumberOfEntries`, String(radios.size), 'xsd:unsignedInt');
  for (const [instance, radio] of radios) {
    const path = `${lan}WLANConfiguration.${instance}.`;
    const ssid = ssids.get(instance);
    tree.set(`${path}Enable`, String(ssid?.get('Enable') ?? true), 'xsd:boolean');
    tree.set(`${path}Status`, 'Up', 'xsd:string');
    tree.set(`${path}SSID`, String(ssid?.get('SSID') ?? ''), 'xsd:string');
    tree.set(`${path}BSSID`, String(ssid?.get('BSSID') ?? ''), 'xsd:string');
    tree.set(`${path}Channel`, String(radio.get('Channel')), 'xsd:unsignedInt', true);
    tree.set(
      `${path}AutoChannelEnable`,
      String(radio.get('AutoChannelEnable')),
      'xsd:boolean',
      true,
    );
    tree.set(`${path}PossibleChannels`, String(radio.get('PossibleChannels')), 'xsd:string');
    tree.set(
      `${path}OperatingFrequencyBand`,
      String(radio.get('OperatingFrequencyBand')),
      'xsd:string',
    );
    tree.set(
      `${path}Standard`,
      wifiStandardOf(String(radio.get('OperatingStandards'))),
      'xsd:string',
    );
    // WPA2 and later are 802.11i; TR-098 knows no WPA3.
    tree.set(`${path}BeaconType`, '11i', 'xsd:string');
    tree.set(`${path}IEEE11iEncryptionModes`, 'AESEncryption', 'xsd:string');
    tree.set(`${path}IEEE11iAuthenticationMode`, 'PSKAuthentication', 'xsd:string');
    const associated = reportRows(report, `Device.WiFi.AccessPoint.${instance}.AssociatedDevice.`);
    tree.set(`${path}TotalAssociations`, String(associated.size), 'xsd:unsignedInt');
    for (const [index, device] of associated) {
      const row = `${path}AssociatedDevice.${index}.`;
      const mac = String(device.get('MACAddress'));
      tree.set(`${row}AssociatedDeviceMACAddress`, mac, 'xsd:string');
      tree.set(`${row}AssociatedDeviceIPAddress`, hostIps.get(mac) ?? '', 'xsd:string');
      tree.set(`${row}AssociatedDeviceAuthenticationState`, 'true', 'xsd:boolean');
      // string(4), in Mbps as gateways write it.
      const kbps = Number(device.get('LastDataDownlinkRate') ?? 0);
      tree.set(
        `${row}LastDataTransmitRate`,
        String(Math.min(9999, Math.round(kbps / 1000))),
        'xsd:string',
      );
    }
  }
}

function writeHosts(tree: ParameterTree, report: BulkDataReport): void {
  const hosts = reportRows(report, 'Device.Hosts.Host.');
  tree.set(`${lan}Hosts.HostNumberOfEntries`, String(hosts.size), 'xsd:unsignedInt');
  for (const [instance, host] of hosts) {
    const path = `${lan}Hosts.Host.${instance}.`;
    const layer1 = String(host.get('Layer1Interface') ?? '');
    const ssid = /^Device\.WiFi\.SSID\.(\d+)/.exec(layer1)?.[1];
    const port = /^Device\.Ethernet\.Interface\.(\d+)/.exec(layer1)?.[1];
    tree.set(`${path}IPAddress`, String(host.get('IPv4Address.1.IPAddress') ?? ''), 'xsd:string');
    tree.set(`${path}AddressSource`, String(host.get('AddressSource') ?? 'DHCP'), 'xsd:string');
    tree.set(`${path}LeaseTimeRemaining`, '86400', 'xsd:int');
    tree.set(`${path}MACAddress`, String(host.get('PhysAddress')), 'xsd:string');
    tree.set(
      `${path}Layer2Interface`,
      ssid
        ? `${lan}WLANConfiguration.${ssid}`
        : port
          ? `${lan}LANEthernetInterfaceConfig.${port}`
          : '',
      'xsd:string',
    );
    tree.set(`${path}HostName`, String(host.get('HostName') ?? ''), 'xsd:string');
    tree.set(`${path}InterfaceType`, ssid ? '802.11' : port ? 'Ethernet' : 'Other', 'xsd:string');
    tree.set(`${path}Active`, String(host.get('Active') ?? false), 'xsd:boolean');
    const blocked = host.get('X_LINESIGHT_Blocked');
    if (blocked !== undefined)
      tree.set(`${path}X_LINESIGHT_Blocked`, String(blocked), 'xsd:boolean');
  }
}
