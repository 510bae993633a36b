/**
 * TR-098 (`InternetGatewayDevice.`) to the canonical TR-181 model: the one table the ACS maps a
 * TR-098 gateway's values with (printed in docs/tr069.md), and what TR-098 does not carry.
 * Names are TR-098's, to InternetGatewayDevice:1.14 (tr-098-1-8-0);
 * decision 023, "TR-098 mapping", says why each choice is what it is.
 */
import { channelList } from '../ingest/snapshots';
import type { CwmpValue } from './rpc';

const root = 'InternetGatewayDevice.';

/**
 * GetParameterValues names covering what the collector reads. Whole objects, because which
 * LANDevice, WANDevice and WLANConfiguration instances a gateway has is not known before it
 * answers, and naming an absent one faults the whole request (9005); the three ManagementServer
 * parameters are mandatory in every TR-098 version.
 */
export const tr098ReadPaths: readonly string[] = [
  `${root}DeviceInfo.`,
  `${root}ManagementServer.PeriodicInformEnable`,
  `${root}ManagementServer.PeriodicInformInterval`,
  `${root}ManagementServer.ConnectionRequestURL`,
  `${root}LANDevice.`,
  `${root}WANDevice.`,
];

/**
 * Instances of a second and later LANDevice are moved past this, so that LANDevice 1's numbers
 * are kept as they are and no two LANDevices' hosts or WLANs share one.
 */
const lanDeviceStride = 1_000_000;

/** `LANDevice.{lan}.….{instance}` → the TR-181 instance: LANDevice 1's as is, others offset. */
function lanInstance(lan: number, instance: number): number {
  return (lan - 1) * lanDeviceStride + instance;
}

type Band = '2.4GHz' | '5GHz';

/** Radio 1 is the 2.4 GHz radio, radio 2 the 5 GHz one; a WLAN of unknown band has its own. */
const radioOfBand: Record<Band, number> = { '2.4GHz': 1, '5GHz': 2 };

interface Wlan {
  lan: number;
  wlan: number;
  fields: Map<string, string>;
}

/** What a value's new name depends on beyond its own instance numbers. */
interface Context {
  wlans: Map<string, Wlan>;
  /** The object path of each WAN IP or PPP connection with an address, in order. */
  wanConnections: string[];
}

const wlanKey = (lan: number, wlan: number) => `${lan}.${wlan}`;

/** `A.B.3.Name` → `A.B.3.` */
const objectOf = (name: string) => name.slice(0, name.lastIndexOf('.') + 1);

/**
 * A WLAN's band: 802.11a and ac are 5 GHz only, b and g 2.4 GHz only (n is either); otherwise
 * its channel says, or else the channels it may use.
 */
export function bandOfWlan(fields: ReadonlyMap<string, string>): Band | null {
  const standards = (fields.get('Standard') ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .map((standard) => standard.replace(/-only$/, ''));
  const fiveOnly = standards.some((standard) => standard === 'a' || standard === 'ac');
  const twoFourOnly = standards.some((standard) => standard === 'b' || standard === 'g');
  if (fiveOnly !== twoFourOnly) return fiveOnly ? '5GHz' : '2.4GHz';
  const bandOfChannel = (channel: number): Band | null =>
    channel >= 1 && channel <= 14 ? '2.4GHz' : channel >= 32 && channel <= 177 ? '5GHz' : null;
  const channel = bandOfChannel(Number(fields.get('Channel')));
  if (channel) return channel;
  const possible = new Set(channelList(fields.get('PossibleChannels')).map(bandOfChannel));
  const [only] = possible;
  return possible.size === 1 && only ? only : null;
}

function radioOf(context: Context, lan: number, wlan: number): number {
  const fields = context.wlans.get(wlanKey(lan, wlan))?.fields ?? new Map<string, string>();
  const band = bandOfWlan(fields);
  return band ? radioOfBand[band] : 2 + lanInstance(lan, wlan);
}

/** The instance numbers a rule's TR-181 template names, from the TR-098 path's own. */
const instanceTokens: Record<
  string,
  (captured: number[], context: Context, name: string) => number
> = {
  /** The same instance number. */
  i: (captured) => captured[0] ?? 0,
  /** A host or WLAN of LANDevice i, j: `lanInstance(i, j)`. */
  n: (captured) => lanInstance(captured[0] ?? 0, captured[1] ?? 0),
  /** The radio of WLAN j of LANDevice i, by its band. */
  r: (captured, context) => radioOf(context, captured[0] ?? 0, captured[1] ?? 0),
  /** The associated device's own instance number. */
  m: (captured) => captured[2] ?? 0,
  /** The WAN connection's place among the gateway's WAN connections. */
  w: (_, context, name) => context.wanConnections.indexOf(objectOf(name)) + 1,
};

type Convert = (value: string) => string | null;

interface Rule {
  /** The TR-098 path under `InternetGatewayDevice.`, `{i}` for each instance number. */
  tr098: string;
  /** The TR-181 path, `{token}` standing for the instance numbers of `instanceTokens`. */
  tr181: string;
  note?: string;
  convert?: Convert;
}

/** TR-098's DSL link states in TR-181's interface states (only `Up` means trained to both). */
const dslStatus: Record<string, string> = {
  Up: 'Up',
  Initializing: 'Dormant',
  EstablishingLink: 'Dormant',
  NoSignal: 'Down',
  Disabled: 'Down',
  Error: 'Error',
};

/** TR-098 says 4294967295 for a DSL rate or error count that is not available. */
const unlessUnavailable: Convert = (value) => (value.trim() === '4294967295' ? null : value);

/** TR-098 `Standard` (one standard per WLANConfiguration) as TR-181 `OperatingStandards`. */
const operatingStandards: Convert = (value) => {
  const standard = value.trim().toLowerCase();
  const known: Record<string, string> = {
    a: 'a',
    b: 'b',
    g: 'b,g',
    'b-only': 'b',
    'g-only': 'g',
    n: 'n',
  };
  return known[standard] ?? (/^[a-z]+(,[a-z]+)*$/.test(standard) ? standard : null);
};

/** A host's `Layer2Interface` (a LAN interface object's path) as a TR-181 `Layer1Interface`. */
const layer1Interface: Convert = (value) => {
  const match =
    /^InternetGatewayDevice\.LANDevice\.(\d+)\.(WLANConfiguration|LANEthernetInterfaceConfig|LANUSBInterfaceConfig)\.(\d+)\.?$/.exec(
      value.trim(),
    );
  if (!match) return null;
  const instance = lanInstance(Number(match[1]), Number(match[3]));
  const table = {
    WLANConfiguration: 'Device.WiFi.SSID',
    LANEthernetInterfaceConfig: 'Device.Ethernet.Interface',
    LANUSBInterfaceConfig: 'Device.USB.Interface',
  }[match[2] as 'WLANConfiguration'];
  return `${table}.${instance}`;
};

/** A host's `InterfaceType`: the kind of interface, named by its TR-181 table. */
const interfaceTable: Convert = (value) =>
  ({
    Ethernet: 'Device.Ethernet.Interface.',
    USB: 'Device.USB.Interface.',
    '802.11': 'Device.WiFi.SSID.',
  })[value.trim()] ?? null;

const hostFrom = 'LANDevice.{i}.Hosts.Host.{i}.';
const hostTo = 'Device.Hosts.Host.{n}.';
const wlanFrom = 'LANDevice.{i}.WLANConfiguration.{i}.';
const dslFrom = 'WANDevice.{i}.WANDSLInterfaceConfig.';
const dslStatsFrom = `${dslFrom}Stats.Total.`;

/**
 * The table, earlier rows first: where two rows give the same TR-181 parameter (a host's
 * `Layer2Interface` and its `InterfaceType`), the earlier row's value is kept, and between
 * instances of one row (the WLANs sharing a radio), the lowest instance's.
 */
const rules: readonly Rule[] = [
  ...[
    'Manufacturer',
    'ManufacturerOUI',
    'ModelName',
    'ProductClass',
    'SerialNumber',
    'HardwareVersion',
    'SoftwareVersion',
  ].map((name): Rule => ({ tr098: `DeviceInfo.${name}`, tr181: `Device.DeviceInfo.${name}` })),
  { tr098: 'DeviceInfo.UpTime', tr181: 'Device.DeviceInfo.UpTime', note: 'seconds' },
  {
    tr098: 'DeviceInfo.ProcessStatus.CPUUsage',
    tr181: 'Device.DeviceInfo.ProcessStatus.CPUUsage',
    note: 'percent (InternetGatewayDevice:1.5 and later)',
  },
  ...['Total', 'Free'].map((name): Rule => ({
    tr098: `DeviceInfo.MemoryStatus.${name}`,
    tr181: `Device.DeviceInfo.MemoryStatus.${name}`,
    note: 'KiB (InternetGatewayDevice:1.5 and later)',
  })),
  {
    tr098: 'DeviceInfo.TemperatureStatus.TemperatureSensor.{i}.Value',
    tr181: 'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.{i}.Value',
    note: 'whole °C, -274 for no reading, as in TR-181 (InternetGatewayDevice:1.5 and later)',
  },
  ...['PeriodicInformEnable', 'PeriodicInformInterval', 'ConnectionRequestURL'].map(
    (name): Rule => ({
      tr098: `ManagementServer.${name}`,
      tr181: `Device.ManagementServer.${name}`,
    }),
  ),

  {
    tr098: `${hostFrom}MACAddress`,
    tr181: `${hostTo}PhysAddress`,
    note: 'n: LANDevice 1 keeps the host number; LANDevice i adds (i − 1) × 1,000,000',
  },
  { tr098: `${hostFrom}IPAddress`, tr181: `${hostTo}IPAddress` },
  { tr098: `${hostFrom}HostName`, tr181: `${hostTo}HostName` },
  { tr098: `${hostFrom}Active`, tr181: `${hostTo}Active` },
  {
    tr098: `${hostFrom}Layer2Interface`,
    tr181: `${hostTo}Layer1Interface`,
    note: 'WLANConfiguration k → Device.WiFi.SSID.{n}, LANEthernetInterfaceConfig k → Device.Ethernet.Interface.{n}, LANUSBInterfaceConfig k → Device.USB.Interface.{n} (InternetGatewayDevice:1.4 and later)',
    convert: layer1Interface,
  },
  {
    tr098: `${hostFrom}InterfaceType`,
    tr181: `${hostTo}Layer1Interface`,
    note: 'without Layer2Interface: Ethernet → Device.Ethernet.Interface., 802.11 → Device.WiFi.SSID., USB → Device.USB.Interface. (the kind, not the instance); HomePNA, HomePlug, Other: not mapped',
    convert: interfaceTable,
  },

  {
    tr098: `${wlanFrom}Channel`,
    tr181: 'Device.WiFi.Radio.{r}.Channel',
    note: 'r: 1 for a 2.4 GHz WLAN, 2 for a 5 GHz one (the band from Standard, else Channel, else PossibleChannels); WLANs of one band share the radio, the lowest instance giving its values; a WLAN of unknown band: r = 2 + n',
  },
  { tr098: `${wlanFrom}AutoChannelEnable`, tr181: 'Device.WiFi.Radio.{r}.AutoChannelEnable' },
  { tr098: `${wlanFrom}PossibleChannels`, tr181: 'Device.WiFi.Radio.{r}.PossibleChannels' },
  {
    tr098: `${wlanFrom}Standard`,
    tr181: 'Device.WiFi.Radio.{r}.OperatingStandards',
    note: 'a → a, b → b, g → b,g, b-only → b, g-only → g, n → n',
    convert: operatingStandards,
  },
  {
    tr098: `${wlanFrom}SSID`,
    tr181: 'Device.WiFi.SSID.{n}.SSID',
    note: 'n: LANDevice 1 keeps the WLANConfiguration number; LANDevice i adds (i − 1) × 1,000,000',
  },
  { tr098: `${wlanFrom}BSSID`, tr181: 'Device.WiFi.SSID.{n}.BSSID' },
  { tr098: `${wlanFrom}Enable`, tr181: 'Device.WiFi.SSID.{n}.Enable' },
  {
    tr098: `${wlanFrom}AssociatedDevice.{i}.AssociatedDeviceMACAddress`,
    tr181: 'Device.WiFi.AccessPoint.{n}.AssociatedDevice.{m}.MACAddress',
  },

  {
    tr098: `${dslFrom}Status`,
    tr181: 'Device.DSL.Line.{i}.Status',
    note: 'Up → Up; Initializing, EstablishingLink → Dormant; NoSignal, Disabled → Down; Error → Error',
    convert: (value) => dslStatus[value.trim()] ?? null,
  },
  {
    tr098: `${dslFrom}StandardUsed`,
    tr181: 'Device.DSL.Line.{i}.StandardUsed',
    note: 'i: the WANDevice number (InternetGatewayDevice:1.4 and later)',
  },
  {
    tr098: `${dslFrom}ModulationType`,
    tr181: 'Device.DSL.Line.{i}.StandardUsed',
    note: 'without StandardUsed: the modulation as the gateway names it (ADSL_2plus, VDSL, …)',
  },
  { tr098: `${dslFrom}PowerManagementState`, tr181: 'Device.DSL.Line.{i}.PowerManagementState' },
  ...['TRELLISds', 'TRELLISus'].map((name): Rule => ({
    tr098: `${dslFrom}${name}`,
    tr181: `Device.DSL.Line.{i}.${name}`,
  })),
  ...['NoiseMargin', 'Attenuation'].flatMap((name) =>
    ['Downstream', 'Upstream'].map((direction): Rule => ({
      tr098: `${dslFrom}${direction}${name}`,
      tr181: `Device.DSL.Line.{i}.${direction}${name}`,
      note: '0.1 dB in both models',
    })),
  ),
  ...['Downstream', 'Upstream'].map((direction): Rule => ({
    tr098: `${dslFrom}${direction}Power`,
    tr181: `Device.DSL.Line.{i}.${direction}Power`,
    note: '0.1 dBmV in both models',
  })),
  ...['Downstream', 'Upstream'].map((direction): Rule => ({
    tr098: `${dslFrom}${direction}MaxRate`,
    tr181: `Device.DSL.Line.{i}.${direction}MaxBitRate`,
    note: 'kbps; 4294967295 (not available) is dropped',
    convert: unlessUnavailable,
  })),
  ...['Downstream', 'Upstream'].map((direction): Rule => ({
    tr098: `${dslFrom}${direction}CurrRate`,
    tr181: `Device.DSL.Channel.{i}.${direction}CurrRate`,
    note: 'kbps; 4294967295 (not available) is dropped',
    convert: unlessUnavailable,
  })),
  {
    tr098: `${dslFrom}LinkEncapsulationUsed`,
    tr181: 'Device.DSL.Channel.{i}.LinkEncapsulationUsed',
  },
  {
    tr098: `${dslFrom}Stats.ShowtimeStart`,
    tr181: 'Device.DSL.Line.{i}.LastChange',
    note: 'seconds since the line last trained',
  },
  {
    tr098: `${dslFrom}ShowtimeStart`,
    tr181: 'Device.DSL.Line.{i}.LastChange',
    note: 'the same, where the gateway has it beside Stats',
  },
  ...['ErroredSecs', 'SeverelyErroredSecs'].map((name): Rule => ({
    tr098: `${dslStatsFrom}${name}`,
    tr181: `Device.DSL.Line.{i}.Stats.Total.${name}`,
  })),
  ...['FEC', 'HEC', 'CRC'].flatMap((kind): Rule[] => [
    {
      tr098: `${dslStatsFrom}${kind}Errors`,
      tr181: `Device.DSL.Channel.{i}.Stats.Total.XTUR${kind}Errors`,
      note: "counted at the gateway's end (ATU-R): downstream; 4294967295 is dropped",
      convert: unlessUnavailable,
    },
    {
      tr098: `${dslStatsFrom}ATUC${kind}Errors`,
      tr181: `Device.DSL.Channel.{i}.Stats.Total.XTUC${kind}Errors`,
      note: "counted at the exchange's end (ATU-C): upstream; 4294967295 is dropped",
      convert: unlessUnavailable,
    },
  ]),
  {
    tr098: `${dslStatsFrom}LinkRetrain`,
    tr181: 'Device.DSL.Line.{i}.X_LINESIGHT_Retrains',
    note: 'retrains in the Total period (deprecated in TR-098, still common); when it grows, a retrain is recorded',
  },

  ...['WANIPConnection', 'WANPPPConnection'].map((kind): Rule => ({
    tr098: `WANDevice.{i}.WANConnectionDevice.{i}.${kind}.{i}.ExternalIPAddress`,
    tr181: 'Device.IP.Interface.{w}.IPv4Address.1.IPAddress',
    note: 'w: the connections numbered 1, 2, … by WANDevice, WANConnectionDevice, IP before PPP, instance (the collector takes the first public address)',
  })),
];

/** TR-181 parameters computed from several TR-098 ones rather than renamed from one. */
const derivedRows: readonly { tr098: string; tr181: string; note: string }[] = [
  {
    tr098: `${wlanFrom}Standard, Channel`,
    tr181: 'Device.WiFi.Radio.{r}.OperatingFrequencyBand',
    note: 'TR-098 has no band: a or ac without b or g → 5GHz; b or g (also -only) without a or ac → 2.4GHz; otherwise channel 1–14 → 2.4GHz, 32–177 → 5GHz; otherwise PossibleChannels all in one of those ranges',
  },
  {
    tr098: wlanFrom,
    tr181: 'Device.WiFi.SSID.{n}.LowerLayers',
    note: 'Device.WiFi.Radio.{r}.',
  },
  {
    tr098: wlanFrom,
    tr181: 'Device.WiFi.AccessPoint.{n}.SSIDReference',
    note: 'Device.WiFi.SSID.{n}.: each WLANConfiguration is one SSID and one access point',
  },
  {
    tr098: `${wlanFrom}BeaconType, BasicEncryptionModes, WEPEncryptionLevel, WPAAuthenticationMode, IEEE11iAuthenticationMode`,
    tr181: 'Device.WiFi.AccessPoint.{n}.Security.ModeEnabled',
    note: 'None → None; Basic: None, or WEP-128 when 104-bit keys are offered, else WEP-64; WPA → WPA-, 11i → WPA2-, WPAand11i → WPA-WPA2-, WPA3 → WPA3-, 11iandWPA3 → WPA2-WPA3-, each Personal with PSKAuthentication, else Enterprise',
  },
  {
    tr098: dslFrom,
    tr181: 'Device.DSL.Channel.{i}.LowerLayers',
    note: 'Device.DSL.Line.{i}: the channel rides on the line of the same WANDevice',
  },
];

/** THE table docs/tr069.md prints: every TR-098 source beside the TR-181 parameter it becomes. */
export const tr098Mapping: readonly { tr098: string; tr181: string; note?: string }[] = [
  ...rules.map(({ tr098, tr181, note }) => ({
    tr098: `${root}${tr098}`,
    tr181,
    ...(note ? { note } : {}),
  })),
  ...derivedRows.map(({ tr098, tr181, note }) => ({ tr098: `${root}${tr098}`, tr181, note })),
];

/** What the collector reads that TR-098 does not carry, and why: the screens say "not reported". */
export const tr098NotCarried: readonly { tr181: string; why: string }[] = [
  {
    tr181: 'Device.Hosts.Host.{i}.WANStats.BytesSent, BytesReceived',
    why: 'TR-098 has no per-host byte counters (only per-interface totals)',
  },
  {
    tr181: 'Device.Hosts.Host.{i}.IPv6Address.{i}.IPAddress',
    why: 'a TR-098 host has one IPAddress',
  },
  {
    tr181: 'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.SignalStrength',
    why: 'TR-098 AssociatedDevice has no signal strength',
  },
  {
    tr181:
      'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.LastDataDownlinkRate, LastDataUplinkRate',
    why: 'TR-098 LastDataTransmitRate (InternetGatewayDevice:1.4 and later) states no unit and only one direction; it is not guessed',
  },
  {
    tr181: 'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.OperatingStandard',
    why: 'TR-098 names the standard of the WLAN, not of each client',
  },
  {
    tr181: 'Device.WiFi.Radio.{i}.OperatingChannelBandwidth, CurrentOperatingChannelBandwidth',
    why: 'TR-098 has no channel bandwidth parameter (and so no bandwidth command either)',
  },
  {
    tr181: 'Device.WiFi.NeighboringWiFiDiagnostic.Result.{i}',
    why: 'TR-098 has no neighbouring WiFi diagnostic: no site survey',
  },
  {
    tr181: 'Device.DOCSIS.',
    why: 'TR-098 has no DOCSIS objects (cable modems use TR-181 or SNMP)',
  },
  {
    tr181: 'Device.DeviceInfo.Location.{i}.DataObject',
    why: 'TR-098 Location.{i}.DataObject (InternetGatewayDevice:1.10) holds RFC 5491 XML, not the GeoJSON the collector reads',
  },
  {
    tr181:
      'Device.DSL.Channel.{i}.X_LINESIGHT_RtxCds, RtxCus, RtxUCds, RtxUCus; Device.DSL.Line.{i}.X_LINESIGHT_PhyRds, PhyRus',
    why: 'TR-098 has no G.INP or PhyR counters',
  },
  {
    tr181: 'Device.BulkData.Profile.{i}.ReportingInterval',
    why: 'a TR-069 gateway reports in sessions; the ACS knows its PeriodicInformInterval instead',
  },
];

interface CompiledRule extends Rule {
  pattern: RegExp;
  order: number;
}

const compiled: CompiledRule[] = rules.map((rule, order) => ({
  ...rule,
  order,
  pattern: new RegExp(
    `^${(root + rule.tr098).replace(/[.]/g, '\\.').replace(/\{i\}/g, '(\\d+)')}$`,
  ),
}));

/** Values per first path segment after the root, so each value meets only its own rules. */
const rulesByObject = new Map<string, CompiledRule[]>();
for (const rule of compiled) {
  const object = rule.tr098.split('.')[0] ?? '';
  rulesByObject.set(object, [...(rulesByObject.get(object) ?? []), rule]);
}

function contextOf(values: readonly CwmpValue[]): Context {
  const wlans = new Map<string, Wlan>();
  const wanConnections: { object: string; rank: number[] }[] = [];
  const wlanPattern =
    /^InternetGatewayDevice\.LANDevice\.(\d+)\.WLANConfiguration\.(\d+)\.([^.]+)$/;
  const wanPattern =
    /^InternetGatewayDevice\.WANDevice\.(\d+)\.WANConnectionDevice\.(\d+)\.(WANIPConnection|WANPPPConnection)\.(\d+)\.ExternalIPAddress$/;
  for (const { name, value } of values) {
    const wlanMatch = wlanPattern.exec(name);
    if (wlanMatch) {
      const lan = Number(wlanMatch[1]);
      const wlan = Number(wlanMatch[2]);
      const key = wlanKey(lan, wlan);
      const known = wlans.get(key) ?? { lan, wlan, fields: new Map<string, string>() };
      known.fields.set(wlanMatch[3] ?? '', value);
      wlans.set(key, known);
      continue;
    }
    const wanMatch = wanPattern.exec(name);
    if (wanMatch) {
      const [, wan, device, kind, instance] = wanMatch;
      const rank = [
        Number(wan),
        Number(device),
        kind === 'WANIPConnection' ? 0 : 1,
        Number(instance),
      ];
      wanConnections.push({ object: objectOf(name), rank });
    }
  }
  return {
    wlans,
    wanConnections: wanConnections
      .sort((a, b) => compareInstances(a.rank, b.rank))
      .map(({ object }) => object),
  };
}

/** Compares two instance-number lists, shorter first at equal prefixes. */
function compareInstances(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** A WLAN's security as TR-181 `ModeEnabled`, from its beacon type and the modes it offers. */
export function securityModeOf(fields: ReadonlyMap<string, string>): string | null {
  const beacon = (fields.get('BeaconType') ?? '').trim();
  const enterprise = (field: string) =>
    /EAP/i.test(fields.get(field) ?? '') ? 'Enterprise' : 'Personal';
  switch (beacon) {
    case 'None':
      return 'None';
    case 'Basic': {
      if (!/WEP/i.test(fields.get('BasicEncryptionModes') ?? '')) return 'None';
      return /104/.test(fields.get('WEPEncryptionLevel') ?? '') ? 'WEP-128' : 'WEP-64';
    }
    case 'WPA':
      return `WPA-${enterprise('WPAAuthenticationMode')}`;
    case '11i':
      return `WPA2-${enterprise('IEEE11iAuthenticationMode')}`;
    case 'WPAand11i':
      return `WPA-WPA2-${enterprise('IEEE11iAuthenticationMode')}`;
    case 'WPA3':
      return 'WPA3-Personal';
    case '11iandWPA3':
      return 'WPA2-WPA3-Personal';
    default:
      return null;
  }
}

function derivedValues(values: readonly CwmpValue[], context: Context): CwmpValue[] {
  const derived: CwmpValue[] = [];
  const text = (name: string, value: string): CwmpValue => ({ name, value, type: 'xsd:string' });
  const wlans = [...context.wlans.values()].sort((a, b) =>
    compareInstances([a.lan, a.wlan], [b.lan, b.wlan]),
  );
  const bandsDone = new Set<number>();
  for (const { lan, wlan, fields } of wlans) {
    const radio = radioOf(context, lan, wlan);
    const band = bandOfWlan(fields);
    if (band && !bandsDone.has(radio)) {
      bandsDone.add(radio);
      derived.push(text(`Device.WiFi.Radio.${radio}.OperatingFrequencyBand`, band));
    }
    const ssid = lanInstance(lan, wlan);
    derived.push(text(`Device.WiFi.SSID.${ssid}.LowerLayers`, `Device.WiFi.Radio.${radio}.`));
    derived.push(
      text(`Device.WiFi.AccessPoint.${ssid}.SSIDReference`, `Device.WiFi.SSID.${ssid}.`),
    );
    const security = securityModeOf(fields);
    if (security)
      derived.push(text(`Device.WiFi.AccessPoint.${ssid}.Security.ModeEnabled`, security));
  }
  const dslLines = new Set<number>();
  for (const { name } of values) {
    const match = /^InternetGatewayDevice\.WANDevice\.(\d+)\.WANDSLInterfaceConfig\./.exec(name);
    if (match) dslLines.add(Number(match[1]));
  }
  for (const line of [...dslLines].sort((a, b) => a - b))
    derived.push(text(`Device.DSL.Channel.${line}.LowerLayers`, `Device.DSL.Line.${line}`));
  return derived;
}

/**
 * TR-098 values renamed into the canonical TR-181 paths the collector reads: instances
 * renumbered stably (the same gateway's same objects get the same numbers every session),
 * derived values computed, anything the table does not name dropped.
 */
export function toTr181(values: readonly CwmpValue[]): CwmpValue[] {
  const context = contextOf(values);
  const chosen = new Map<string, { value: CwmpValue; order: number; instances: number[] }>();
  for (const original of values) {
    if (!original.name.startsWith(root)) continue;
    const object = original.name.slice(root.length).split('.')[0] ?? '';
    for (const rule of rulesByObject.get(object) ?? []) {
      const match = rule.pattern.exec(original.name);
      if (!match) continue;
      const instances = match.slice(1).map(Number);
      const value = rule.convert ? rule.convert(original.value) : original.value;
      if (value === null) continue;
      const name = rule.tr181.replace(/\{(\w)\}/g, (_, token: string) =>
        String(instanceTokens[token]?.(instances, context, original.name) ?? token),
      );
      const previous = chosen.get(name);
      const earlier =
        !previous ||
        rule.order < previous.order ||
        (rule.order === previous.order && compareInstances(instances, previous.instances) < 0);
      if (earlier)
        chosen.set(name, {
          value: { name, value, type: original.type },
          order: rule.order,
          instances,
        });
      break;
    }
  }
  return [...[...chosen.values()].map(({ value }) => value), ...derivedValues(values, context)];
}
