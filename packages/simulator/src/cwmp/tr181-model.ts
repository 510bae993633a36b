import { type ConfigStore, type DataModelSpec, normalMac, rowsIn } from './data-model';
import { booleanOf, xsdTypeOf } from './xsd';

/**
 * The TR-181 (`Device.`) tree of a CWMP gateway: the gateway's own Bulk Data report of the
 * session's moment, less what belongs to Bulk Data and its agent (the BulkData profile, the
 * agent's version and build), plus what a CWMP agent keeps itself: ManagementServer, the
 * firewall the ACS blocks hosts with, and the neighbouring WiFi diagnostic's state and results.
 */

const chain = 'Device.Firewall.Chain.1.';
const tr181RuleTable = `${chain}Rule.`;
const diagnostic = 'Device.WiFi.NeighboringWiFiDiagnostic.';

/** Report parameters a CWMP gateway has no use for, or keeps itself. */
const notFromTheReport = [
  'Device.BulkData.',
  'Device.DeviceInfo.X_LINESIGHT_ClientVersion',
  'Device.DeviceInfo.X_LINESIGHT_BuildIdentifier',
  diagnostic,
];

const radioSetting =
  /^(Device\.WiFi\.Radio\.\d+\.)(Channel|AutoChannelEnable|OperatingChannelBandwidth)$/;

export const tr181Model: DataModelSpec = {
  root: 'Device.',
  cwmpVersion: 4,
  managementServer: 'Device.ManagementServer.',
  informParameters: [
    'Device.RootDataModelVersion',
    'Device.DeviceInfo.HardwareVersion',
    'Device.DeviceInfo.SoftwareVersion',
    'Device.DeviceInfo.ProvisioningCode',
    'Device.ManagementServer.ConnectionRequestURL',
    'Device.ManagementServer.ParameterKey',
    'Device.IP.Interface.1.IPv4Address.1.IPAddress',
  ],
  writeReading(tree, report, profile) {
    tree.set('Device.RootDataModelVersion', '2.17', 'xsd:string');
    const info = 'Device.DeviceInfo.';
    tree.set(`${info}Manufacturer`, manufacturer, 'xsd:string');
    tree.set(`${info}ManufacturerOUI`, ouiOf(profile.model.oui), 'xsd:string');
    tree.set(`${info}ProductClass`, profile.model.name, 'xsd:string');
    tree.set(`${info}HardwareVersion`, `${profile.model.name}-HW1`, 'xsd:string');
    tree.set(`${info}ProvisioningCode`, '', 'xsd:string');
    for (const [name, value] of Object.entries(report)) {
      if (name === 'CollectionTime' || typeof value === 'object') continue;
      if (notFromTheReport.some((prefix) => name.startsWith(prefix))) continue;
      tree.set(name, String(value), xsdTypeOf(name, value), radioSetting.test(name));
    }
  },
  factoryConfig() {
    return [
      ['Device.Firewall.Enable', 'true', 'xsd:boolean', true],
      ['Device.Firewall.Config', 'Advanced', 'xsd:string', true],
      ['Device.Firewall.AdvancedLevel', 'Device.Firewall.Level.1', 'xsd:string', true],
      ['Device.Firewall.LevelNumberOfEntries', '1', 'xsd:unsignedInt', false],
      ['Device.Firewall.ChainNumberOfEntries', '1', 'xsd:unsignedInt', false],
      ['Device.Firewall.Level.1.Name', 'Default', 'xsd:string', true],
      ['Device.Firewall.Level.1.Chain', 'Device.Firewall.Chain.1', 'xsd:string', false],
      ['Device.Firewall.Level.1.DefaultPolicy', 'Accept', 'xsd:string', true],
      [`${chain}Enable`, 'true', 'xsd:boolean', true],
      [`${chain}Name`, 'Default', 'xsd:string', true],
      [`${chain}RuleNumberOfEntries`, '0', 'xsd:unsignedInt', false],
      [`${diagnostic}DiagnosticsState`, 'None', 'xsd:string', true],
      [`${diagnostic}ResultNumberOfEntries`, '0', 'xsd:unsignedInt', false],
    ];
  },
  tables: [
    {
      path: tr181RuleTable,
      countedBy: `${chain}RuleNumberOfEntries`,
      // TR-181's defaults: a new rule is disabled, and drops what it matches.
      row: (instance) => [
        ['Enable', 'false', 'xsd:boolean', true],
        ['Status', 'Disabled', 'xsd:string', false],
        ['Order', String(instance), 'xsd:unsignedInt', true],
        ['Alias', `cpe-${instance}`, 'xsd:string', true],
        ['Description', '', 'xsd:string', true],
        ['Target', 'Drop', 'xsd:string', true],
        ['SourceMAC', '', 'xsd:string', true],
        ['SourceMACExclude', 'false', 'xsd:boolean', true],
      ],
    },
  ],
  blockedMacs(config: ConfigStore) {
    const blocked = new Set<string>();
    if (!booleanOf(config.get('Device.Firewall.Enable')?.value ?? 'false')) return blocked;
    for (const rule of rowsIn(config, tr181RuleTable).values()) {
      const mac = normalMac(rule.get('SourceMAC') ?? '');
      if (
        mac &&
        booleanOf(rule.get('Enable') ?? 'false') &&
        rule.get('Target') === 'Drop' &&
        !booleanOf(rule.get('SourceMACExclude') ?? 'false')
      ) {
        blocked.add(mac);
      }
    }
    return blocked;
  },
  radioSetting(name) {
    const match = radioSetting.exec(name);
    if (!match?.[1] || !match[2]) return null;
    return { radio: match[1], setting: match[2] as 'Channel' };
  },
  surveyDiagnostic: `${diagnostic}DiagnosticsState`,
};

/** The simulated gateways' maker, as DeviceInfo and the Inform's DeviceId give it. */
export const manufacturer = 'LineSight Simulated CPE';

/** `3c:90:66` → `3C9066`, as the DeviceId's OUI is written. */
export function ouiOf(oui: string): string {
  return oui.replaceAll(':', '').toUpperCase();
}

/** The survey's results from a report, under the diagnostic's object (TR-181 names). */
export function surveyOf(report: Record<string, unknown>): [string, string, string][] {
  const results: [string, string, string][] = [];
  for (const [name, value] of Object.entries(report)) {
    if (!name.startsWith(`${diagnostic}Result.`)) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      continue;
    }
    results.push([name, String(value), xsdTypeOf(name, value)]);
  }
  return results;
}
