import { createRandom, type Random } from '../search/random';

/**
 * Realistic NameValuePair reports for the ingest bench, written here rather than taken from the
 * simulator package (whose API is changing): the same TR-181 paths the simulator writes
 * (packages/simulator/src/tr181.ts) and docs/reporting-protocol.md lists. Every gateway has
 * 20 LAN hosts (5 cabled, 6 on 2.4 GHz, 9 on 5 GHz WiFi, all associated), two radios with their
 * SSIDs and access points, and by its number a DOCSIS line (24 downstream and 4 upstream
 * channels), a DSL line, or no WAN section at all (a third each). Each report is 300 s after the
 * gateway's previous one, with uptime and every byte counter grown. No site survey, spectrum
 * analysis or location: gateways send those hourly at best.
 */

type ParameterValue = string | number | boolean;
export type Report = Record<string, ParameterValue>;

export const reportingIntervalSeconds = 300;
export const hostsPerGateway = 20;

export type WanKind = 'docsis' | 'dsl' | 'none';

interface SimulatedHost {
  instance: number;
  mac: string;
  hostName: string;
  ipv4: string;
  connection:
    | { medium: 'wifi'; radio: 1 | 2; standard: string; baseSignalDbm: number; maxKbps: number }
    | { medium: 'ethernet'; port: number };
  /** Mean bytes per reporting interval, down (received by the host) and up. */
  meanDown: number;
  meanUp: number;
  bytesSent: number;
  bytesReceived: number;
}

interface DocsisChannelCounters {
  unerroreds: number;
  correcteds: number;
  uncorrectables: number;
}

/** One simulated gateway: fixed facts, and the counters that grow from report to report. */
export interface SimulatedGateway {
  index: number;
  token: string;
  wan: WanKind;
  model: { name: string; wanType: number; ramTotalKib: number };
  serialNumber: string;
  mac: string;
  wanIp: string;
  hosts: SimulatedHost[];
  /** The next report's CollectionTime, epoch seconds. */
  collectionTime: number;
  uptimeSeconds: number;
  docsis: DocsisChannelCounters[];
  /** G.INP counters since the line trained, downstream and upstream. */
  dsl: {
    retransmitted: { ds: number; us: number };
    uncorrected: { ds: number; us: number };
    erroredSecs: number;
  };
  random: Random;
}

const models: Record<WanKind, SimulatedGateway['model']> = {
  docsis: { name: 'CM8200', wanType: 64, ramTotalKib: 786_432 },
  dsl: { name: 'SR400', wanType: 32, ramTotalKib: 524_288 },
  // A fibre gateway whose firmware reports no Optical section.
  none: { name: 'ONT-G240', wanType: 96, ramTotalKib: 524_288 },
};

const hostNames = [
  'iphone',
  'galaxy-s23',
  'macbook-air',
  'living-room-tv',
  'chromecast',
  'printer',
  'ps5',
  'echo-dot',
  'thermostat',
  'ipad',
  'work-laptop',
  'desktop',
  'doorbell',
  'smart-plug',
  'nas',
  'pixel-8',
  'kindle',
  'switch',
  'camera',
  'sonos',
];

const docsisDownstreamChannels = 24;
const docsisUpstreamChannels = 4;
/** Counters wrap where 64-bit firmware counters stay exact in a JSON number. */
const counterLimit = Number.MAX_SAFE_INTEGER;

const octet = (random: Random): string => random.hex(2);

function createHost(instance: number, gatewayIndex: number, random: Random): SimulatedHost {
  // Locally administered MACs, unique per gateway and host.
  const mac = ['02', ...[16, 8, 0].map((shift) => ((gatewayIndex >> shift) & 255).toString(16))]
    .map((part) => part.padStart(2, '0'))
    .concat([octet(random), instance.toString(16).padStart(2, '0')])
    .join(':');
  let connection: SimulatedHost['connection'];
  if (instance <= 5) connection = { medium: 'ethernet', port: ((instance - 1) % 4) + 1 };
  else if (instance <= 11)
    connection = {
      medium: 'wifi',
      radio: 1,
      standard: 'n',
      baseSignalDbm: random.between(-78, -45),
      maxKbps: 144_000,
    };
  else
    connection = {
      medium: 'wifi',
      radio: 2,
      standard: random.next() < 0.5 ? 'ac' : 'ax',
      baseSignalDbm: random.between(-75, -40),
      maxKbps: 866_000,
    };
  return {
    instance,
    mac,
    hostName: `${hostNames[(instance - 1) % hostNames.length] ?? 'host'}-${instance}`,
    ipv4: `192.168.1.${100 + instance}`,
    connection,
    meanDown: random.between(1, 400) * 1_000_000,
    meanUp: random.between(1, 40) * 1_000_000,
    bytesSent: random.integer(1e9),
    bytesReceived: random.integer(1e10),
  };
}

/** Gateway `index` (0-based), its first report at `firstCollectionTime`. */
export function createGateway(
  index: number,
  token: string,
  firstCollectionTime: number,
): SimulatedGateway {
  const random = createRandom(20261121 + index);
  const wan = (['docsis', 'dsl', 'none'] as const)[index % 3] ?? 'none';
  return {
    index,
    token,
    wan,
    model: models[wan],
    serialNumber: `CPE-${random.hex(8).toUpperCase()}`,
    mac: Array.from({ length: 6 }, () => octet(random)).join(':'),
    wanIp: `81.${random.between(0, 255)}.${random.between(0, 255)}.${random.between(1, 254)}`,
    hosts: Array.from({ length: hostsPerGateway }, (_, host) =>
      createHost(host + 1, index, random),
    ),
    collectionTime: firstCollectionTime,
    uptimeSeconds: random.between(3600, 40 * 86_400),
    docsis: Array.from({ length: docsisDownstreamChannels }, () => ({
      unerroreds: random.integer(1e9),
      correcteds: random.integer(1e4),
      uncorrectables: random.integer(100),
    })),
    dsl: {
      retransmitted: { ds: random.integer(1e5), us: random.integer(1e4) },
      uncorrected: { ds: random.integer(100), us: random.integer(10) },
      erroredSecs: random.integer(50),
    },
    random,
  };
}

/** `mean` give or take `spread` of it: traffic varies from one interval to the next. */
const around = (random: Random, mean: number, spread = 0.5): number =>
  Math.round(mean * (1 - spread + 2 * spread * random.next()));

function writeDeviceInfo(put: (path: string, value: ParameterValue) => void, g: SimulatedGateway) {
  const { random } = g;
  const info = 'Device.DeviceInfo';
  put(`${info}.ModelName`, g.model.name);
  put(`${info}.SerialNumber`, g.serialNumber);
  put(`${info}.SoftwareVersion`, '4.2.1');
  put(`${info}.X_LINESIGHT_MACAddress`, g.mac);
  put(`${info}.X_LINESIGHT_WANType`, g.model.wanType);
  put(`${info}.X_LINESIGHT_ClientVersion`, '2.4.0');
  put(`${info}.X_LINESIGHT_BuildIdentifier`, 'b1842');
  put(`${info}.UpTime`, g.uptimeSeconds);
  put(`${info}.ProcessStatus.CPUUsage`, random.between(3, 65));
  put(`${info}.MemoryStatus.Total`, g.model.ramTotalKib);
  put(`${info}.MemoryStatus.Free`, Math.round(g.model.ramTotalKib * (0.2 + 0.4 * random.next())));
  put(`${info}.TemperatureStatus.TemperatureSensor.1.Name`, 'CPU');
  put(`${info}.TemperatureStatus.TemperatureSensor.1.Value`, random.between(48, 72));
  put(`${info}.TemperatureStatus.TemperatureSensor.2.Name`, 'WiFi 5GHz');
  put(`${info}.TemperatureStatus.TemperatureSensor.2.Value`, random.between(40, 60));
  put('Device.BulkData.Profile.1.ReportingInterval', reportingIntervalSeconds);
  put('Device.IP.Interface.1.IPv4Address.1.IPAddress', g.wanIp);
}

const radios = [
  {
    instance: 1,
    band: '2.4GHz',
    channel: 6,
    possible: '1-11',
    bandwidth: '20MHz',
    standards: 'b,g,n',
  },
  {
    instance: 2,
    band: '5GHz',
    channel: 36,
    possible: '36,40,44,48,52,56,60,64,100,104,108,112',
    bandwidth: '80MHz',
    standards: 'a,n,ac,ax',
  },
] as const;

function writeWifi(put: (path: string, value: ParameterValue) => void, g: SimulatedGateway) {
  for (const radio of radios) {
    const path = `Device.WiFi.Radio.${radio.instance}`;
    put(`${path}.OperatingFrequencyBand`, radio.band);
    put(`${path}.AutoChannelEnable`, true);
    put(`${path}.Channel`, radio.channel);
    put(`${path}.PossibleChannels`, radio.possible);
    put(`${path}.OperatingChannelBandwidth`, radio.bandwidth);
    put(`${path}.OperatingStandards`, radio.standards);
    const ssid = `Device.WiFi.SSID.${radio.instance}`;
    put(`${ssid}.Enable`, true);
    put(`${ssid}.SSID`, `Home-${g.serialNumber.slice(-4)}`);
    put(`${ssid}.BSSID`, g.mac.replace(/..$/, `0${radio.instance}`));
    put(`${ssid}.LowerLayers`, `${path}.`);
    const accessPoint = `Device.WiFi.AccessPoint.${radio.instance}`;
    put(`${accessPoint}.SSIDReference`, `${ssid}.`);
    put(`${accessPoint}.Security.ModeEnabled`, 'WPA2-Personal');
    let associated = 0;
    for (const host of g.hosts) {
      const { connection } = host;
      if (connection.medium !== 'wifi' || connection.radio !== radio.instance) continue;
      associated += 1;
      const device = `${accessPoint}.AssociatedDevice.${associated}`;
      const signal = connection.baseSignalDbm + g.random.between(-4, 4);
      // Rates fall with the signal: full rate above -50 dBm, a tenth of it at -80.
      const quality = Math.min(1, Math.max(0.1, (signal + 80) / 30));
      put(`${device}.MACAddress`, host.mac);
      put(`${device}.SignalStrength`, signal);
      put(`${device}.LastDataDownlinkRate`, around(g.random, connection.maxKbps * quality, 0.1));
      put(`${device}.LastDataUplinkRate`, around(g.random, connection.maxKbps * quality * 0.6));
      put(`${device}.OperatingStandard`, connection.standard);
    }
  }
}

function writeHosts(put: (path: string, value: ParameterValue) => void, g: SimulatedGateway) {
  for (const host of g.hosts) {
    const path = `Device.Hosts.Host.${host.instance}`;
    const { connection } = host;
    put(`${path}.PhysAddress`, host.mac);
    put(`${path}.HostName`, host.hostName);
    put(`${path}.Active`, true);
    put(
      `${path}.Layer1Interface`,
      connection.medium === 'wifi'
        ? `Device.WiFi.SSID.${connection.radio}`
        : `Device.Ethernet.Interface.${connection.port}`,
    );
    put(`${path}.AddressSource`, 'DHCP');
    put(`${path}.IPv4Address.1.IPAddress`, host.ipv4);
    put(`${path}.WANStats.BytesSent`, host.bytesSent);
    put(`${path}.WANStats.BytesReceived`, host.bytesReceived);
  }
}

function writeDsl(put: (path: string, value: ParameterValue) => void, g: SimulatedGateway) {
  const { random } = g;
  const line = 'Device.DSL.Line.1';
  put(`${line}.Status`, 'Up');
  put(`${line}.LinkStatus`, 'Up');
  put(`${line}.LastChange`, g.uptimeSeconds - 60);
  put(`${line}.StandardUsed`, 'G.993.2_Annex_B');
  put(`${line}.CurrentProfile`, '17a');
  put(`${line}.DownstreamMaxBitRate`, around(random, 98_000, 0.02));
  put(`${line}.UpstreamMaxBitRate`, around(random, 38_000, 0.02));
  put(`${line}.DownstreamNoiseMargin`, random.between(55, 75));
  put(`${line}.UpstreamNoiseMargin`, random.between(60, 90));
  put(`${line}.DownstreamAttenuation`, 152);
  put(`${line}.UpstreamAttenuation`, 84);
  put(`${line}.DownstreamPower`, 143);
  put(`${line}.UpstreamPower`, 61);
  put(`${line}.X_LINESIGHT_Retrains`, 0);
  put(`${line}.Stats.Total.ErroredSecs`, g.dsl.erroredSecs);
  put(`${line}.Stats.Total.SeverelyErroredSecs`, 0);
  const channel = 'Device.DSL.Channel.1';
  put(`${channel}.Status`, 'Up');
  put(`${channel}.LowerLayers`, `${line}.`);
  put(`${channel}.LinkEncapsulationUsed`, 'G.993.2_Annex_K_PTM');
  put(`${channel}.DownstreamCurrRate`, 90_000);
  put(`${channel}.UpstreamCurrRate`, 35_000);
  put(`${channel}.X_LINESIGHT_RtxCds`, g.dsl.retransmitted.ds);
  put(`${channel}.X_LINESIGHT_RtxCus`, g.dsl.retransmitted.us);
  put(`${channel}.X_LINESIGHT_RtxUCds`, g.dsl.uncorrected.ds);
  put(`${channel}.X_LINESIGHT_RtxUCus`, g.dsl.uncorrected.us);
}

function writeDocsis(put: (path: string, value: ParameterValue) => void, g: SimulatedGateway) {
  const { random } = g;
  g.docsis.forEach((counters, index) => {
    const path = `Device.DOCSIS.DownstreamChannel.${index + 1}`;
    put(`${path}.ID`, index + 1);
    put(`${path}.Frequency`, 114_000_000 + index * 8_000_000);
    put(`${path}.Width`, 8_000_000);
    put(`${path}.Modulation`, 'QAM256');
    put(`${path}.Interleave`, 'Taps12increment17');
    put(`${path}.Annex`, 'AnnexA');
    put(`${path}.Power`, random.between(-20, 80));
    put(`${path}.SignalQuality.SignalNoise`, random.between(380, 420));
    put(`${path}.SignalQuality.ExtUnerroreds`, counters.unerroreds);
    put(`${path}.SignalQuality.ExtCorrecteds`, counters.correcteds);
    put(`${path}.SignalQuality.ExtUncorrectables`, counters.uncorrectables);
  });
  for (let index = 0; index < docsisUpstreamChannels; index++) {
    const path = `Device.DOCSIS.UpstreamChannel.${index + 1}`;
    put(`${path}.ID`, index + 1);
    put(`${path}.Frequency`, 30_800_000 + index * 6_400_000);
    put(`${path}.Width`, 6_400_000);
    put(`${path}.Status.TxPower`, random.between(420, 480));
    put(`${path}.Status.ModulationType`, 'ATDMA');
    put(`${path}.Status.T3Timeouts`, 0);
    put(`${path}.Status.T4Timeouts`, 0);
  }
}

/** Advances the gateway by one reporting interval: uptime, byte counters, line counters. */
function advance(g: SimulatedGateway): void {
  const { random } = g;
  g.collectionTime += reportingIntervalSeconds;
  g.uptimeSeconds += reportingIntervalSeconds;
  for (const host of g.hosts) {
    host.bytesReceived = (host.bytesReceived + around(random, host.meanDown, 0.9)) % counterLimit;
    host.bytesSent = (host.bytesSent + around(random, host.meanUp, 0.9)) % counterLimit;
  }
  for (const channel of g.docsis) {
    channel.unerroreds += random.between(1_000_000, 2_000_000);
    channel.correcteds += random.integer(20);
    channel.uncorrectables += random.integer(2) * random.integer(2);
  }
  g.dsl.retransmitted.ds += random.integer(200);
  g.dsl.retransmitted.us += random.integer(20);
  g.dsl.uncorrected.ds += random.integer(2);
  g.dsl.erroredSecs += random.integer(2);
}

/** Puts the gateway's parameters for its next report, then moves it on by one interval. */
function writeReport(put: (path: string, value: ParameterValue) => void, g: SimulatedGateway) {
  writeDeviceInfo(put, g);
  writeWifi(put, g);
  writeHosts(put, g);
  if (g.wan === 'docsis') writeDocsis(put, g);
  else if (g.wan === 'dsl') writeDsl(put, g);
  advance(g);
}

/** The gateway's next report, 300 s after its previous one. */
export function nextReport(g: SimulatedGateway): Report {
  const report: Report = { CollectionTime: g.collectionTime };
  writeReport((path, value) => (report[path] = value), g);
  return report;
}

/**
 * The same as JSON text, as the load generator posts it. Written directly: an object of 500
 * keys and its JSON.stringify took half the generator's CPU, which the machine's two cores
 * share with the server under test. Paths are the bench's own (no character needs escaping).
 */
export function nextReportJson(g: SimulatedGateway): string {
  const members = [`"CollectionTime":${g.collectionTime}`];
  writeReport((path, value) => members.push(`"${path}":${JSON.stringify(value)}`), g);
  return `{${members.join(',')}}`;
}
