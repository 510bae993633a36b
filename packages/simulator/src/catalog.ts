/**
 * What homes and gateways are made of: the data the fleet draws from. Nothing here decides;
 * `fleet.ts` picks from it with a seeded stream.
 *
 * Name templates: `{Owner}`/`{owner}` a household member ("Ada"/"ada"), `{ROOM}`/`{Room}` a room
 * ("LIVINGROOM"/"Living-Room"), `{MAC}`/`{mac}` the host's own MAC in upper-case hex, all of it or
 * the last six digits, `#` a hex digit, `%` a decimal digit, `*` an upper-case letter or digit
 * (Windows names new PCs `DESKTOP-` and seven of those).
 */

export type HostKind =
  | 'phone'
  | 'tablet'
  | 'watch'
  | 'laptop'
  | 'desktop'
  | 'smart-tv'
  | 'streaming-stick'
  | 'game-console'
  | 'printer'
  | 'smart-speaker'
  | 'camera'
  | 'thermostat'
  | 'smart-plug'
  | 'nas';

/** How a host's traffic follows the day; the hourly weights are `dailyCurves`. */
export type DailyCurve = 'evening' | 'workday' | 'commute' | 'morning' | 'steady';

/** When a host is on the network at all. */
export type Presence = 'always' | 'leaves-for-the-day' | 'switched-off-at-night' | 'visitor';

/** TR-181 `AssociatedDevice.{i}.OperatingStandard` values the fleet uses. */
export type WifiStandard = 'n' | 'ac' | 'ax';

export interface HostModel {
  manufacturer: ManufacturerName;
  names: readonly string[];
}

export interface HostKindSpec {
  /** How common the kind is in a home, relative to the others. */
  weight: number;
  /** At most this many in one home (one thermostat, one NAS). */
  maxPerHome: number;
  /** Share of these hosts on WiFi; the rest are cabled. */
  wifiShare: number;
  /** Share of the WiFi ones on 5 GHz; IoT radios are 2.4 GHz only. */
  fiveGHzShare: number;
  wifiStandards: readonly WifiStandard[];
  presence: Presence;
  curve: DailyCurve;
  /** Mean bytes per second at the curve's peak (weight 1). */
  peakDownBytesPerSecond: number;
  peakUpBytesPerSecond: number;
  models: readonly HostModel[];
}

/** Plausible OUIs (MAC prefixes) per maker; close to the IEEE registry, not audited against it. */
export const manufacturers = {
  Apple: ['3c:22:fb', 'a4:83:e7', '88:66:5a', 'f0:18:98', 'bc:d0:74'],
  Samsung: ['8c:79:f5', '5c:49:7d', 'a0:cb:fd', 'f4:7b:09', '84:25:19'],
  Google: ['f4:f5:d8', '3c:5a:b4', '54:60:09', 'd8:6c:63'],
  Xiaomi: ['64:09:80', '28:6c:07', '7c:1d:d9'],
  Amazon: ['74:c2:46', 'fc:65:de', '44:00:49', '68:37:e9'],
  Intel: ['8c:8d:28', 'a4:c3:f0', '48:51:c5', 'dc:21:48'],
  Dell: ['f8:bc:12', '18:db:f2', 'b8:85:84'],
  Lenovo: ['8c:16:45', '54:e1:ad', 'e8:6a:64'],
  HP: ['3c:52:82', 'a0:d3:c1', '10:e7:c6'],
  Brother: ['00:80:77', '30:05:5c'],
  Epson: ['64:eb:8c', '00:26:ab'],
  LG: ['a8:23:fe', '64:95:6c', '78:5d:c8'],
  Sony: ['00:d9:d1', 'f8:46:1c', 'bc:60:a7'],
  Microsoft: ['7c:1e:52', '98:5f:d3', '60:45:bd'],
  Nintendo: ['98:b6:e9', '04:03:d6'],
  Roku: ['d8:31:34', 'b0:a7:37'],
  Sonos: ['5c:aa:fd', '94:9f:3e', 'b8:e9:37'],
  Nest: ['18:b4:30', '64:16:66'],
  Ring: ['34:3e:a4', '9c:76:13'],
  'TP-Link': ['50:c7:bf', 'b0:95:75', '1c:61:b4'],
  Shelly: ['e8:db:84', 'c4:5b:be'],
  Synology: ['00:11:32'],
  'Raspberry Pi': ['b8:27:eb', 'dc:a6:32'],
} as const satisfies Record<string, readonly string[]>;

export type ManufacturerName = keyof typeof manufacturers;

export const hostKinds: Record<HostKind, HostKindSpec> = {
  phone: {
    weight: 24,
    maxPerHome: 6,
    wifiShare: 1,
    fiveGHzShare: 0.75,
    wifiStandards: ['ac', 'ax'],
    presence: 'leaves-for-the-day',
    curve: 'commute',
    peakDownBytesPerSecond: 50_000,
    peakUpBytesPerSecond: 8_000,
    models: [
      { manufacturer: 'Apple', names: ['{Owner}s-iPhone', 'iPhone-de-{Owner}', '{owner}-iphone'] },
      { manufacturer: 'Samsung', names: ['Galaxy-S23', 'Galaxy-A54', '{Owner}s-S24', 'SM-G991B'] },
      { manufacturer: 'Google', names: ['Pixel-8', 'Pixel-7a', '{Owner}s-Pixel'] },
      { manufacturer: 'Xiaomi', names: ['Redmi-Note-12', 'POCO-F5', 'Xiaomi-13T'] },
    ],
  },
  tablet: {
    weight: 8,
    maxPerHome: 3,
    wifiShare: 1,
    fiveGHzShare: 0.7,
    wifiStandards: ['n', 'ac', 'ax'],
    presence: 'always',
    curve: 'evening',
    peakDownBytesPerSecond: 80_000,
    peakUpBytesPerSecond: 5_000,
    models: [
      { manufacturer: 'Apple', names: ['{Owner}s-iPad', 'iPad', '{owner}-ipad-air'] },
      { manufacturer: 'Samsung', names: ['Galaxy-Tab-S8', 'Galaxy-Tab-A8'] },
      { manufacturer: 'Amazon', names: ['Fire-HD-10', 'amazon-####'] },
    ],
  },
  watch: {
    weight: 3,
    maxPerHome: 2,
    wifiShare: 1,
    fiveGHzShare: 0,
    wifiStandards: ['n'],
    presence: 'leaves-for-the-day',
    curve: 'commute',
    peakDownBytesPerSecond: 2_000,
    peakUpBytesPerSecond: 800,
    models: [
      { manufacturer: 'Apple', names: ['{Owner}s-Apple-Watch'] },
      { manufacturer: 'Samsung', names: ['Galaxy-Watch6'] },
    ],
  },
  laptop: {
    weight: 14,
    maxPerHome: 5,
    wifiShare: 0.9,
    fiveGHzShare: 0.8,
    wifiStandards: ['ac', 'ax'],
    presence: 'leaves-for-the-day',
    curve: 'workday',
    peakDownBytesPerSecond: 80_000,
    peakUpBytesPerSecond: 20_000,
    models: [
      { manufacturer: 'Apple', names: ['{Owner}s-MacBook-Air', '{Owner}s-MBP', '{owner}-macbook'] },
      { manufacturer: 'Intel', names: ['LAPTOP-*******', '{Owner}-ThinkPad'] },
      { manufacturer: 'Dell', names: ['LAPTOP-*******', 'XPS-13-{Owner}'] },
      { manufacturer: 'Lenovo', names: ['LAPTOP-*******', 'IdeaPad-{Owner}'] },
    ],
  },
  desktop: {
    weight: 5,
    maxPerHome: 2,
    wifiShare: 0.25,
    fiveGHzShare: 0.8,
    wifiStandards: ['ac', 'ax'],
    presence: 'switched-off-at-night',
    curve: 'workday',
    peakDownBytesPerSecond: 90_000,
    peakUpBytesPerSecond: 15_000,
    models: [
      { manufacturer: 'Dell', names: ['DESKTOP-*******'] },
      { manufacturer: 'HP', names: ['DESKTOP-*******', 'HP-Pavilion-{Owner}'] },
      { manufacturer: 'Apple', names: ['{Owner}s-iMac', 'Mac-mini'] },
      { manufacturer: 'Raspberry Pi', names: ['raspberrypi', 'pihole', 'homeassistant'] },
    ],
  },
  'smart-tv': {
    weight: 8,
    maxPerHome: 3,
    wifiShare: 0.6,
    fiveGHzShare: 0.85,
    wifiStandards: ['n', 'ac'],
    presence: 'always',
    curve: 'evening',
    peakDownBytesPerSecond: 180_000,
    peakUpBytesPerSecond: 4_000,
    models: [
      { manufacturer: 'Samsung', names: ['{ROOM}-TV', 'Samsung-Q70', '[TV]-Samsung-Q60'] },
      { manufacturer: 'LG', names: ['LGwebOSTV', '{ROOM}-TV', 'LG-OLED55'] },
      { manufacturer: 'Sony', names: ['BRAVIA-4K-GB', '{ROOM}-TV'] },
    ],
  },
  'streaming-stick': {
    weight: 5,
    maxPerHome: 2,
    wifiShare: 1,
    fiveGHzShare: 0.8,
    wifiStandards: ['n', 'ac'],
    presence: 'always',
    curve: 'evening',
    peakDownBytesPerSecond: 150_000,
    peakUpBytesPerSecond: 3_000,
    models: [
      { manufacturer: 'Google', names: ['Chromecast', 'Google-TV-Streamer'] },
      { manufacturer: 'Amazon', names: ['Fire-TV-Stick-4K', 'amazon-####'] },
      { manufacturer: 'Roku', names: ['Roku-Express', 'Roku-Ultra'] },
      { manufacturer: 'Apple', names: ['{Room}-Apple-TV', 'Apple-TV'] },
    ],
  },
  'game-console': {
    weight: 5,
    maxPerHome: 2,
    wifiShare: 0.5,
    fiveGHzShare: 0.9,
    wifiStandards: ['ac', 'ax'],
    presence: 'always',
    curve: 'evening',
    peakDownBytesPerSecond: 90_000,
    peakUpBytesPerSecond: 12_000,
    models: [
      { manufacturer: 'Sony', names: ['PS5-%%%', 'PS4-%%%'] },
      { manufacturer: 'Microsoft', names: ['XBOX-SERIES-X', 'XboxOne'] },
      { manufacturer: 'Nintendo', names: ['Nintendo-Switch', 'Switch-{Owner}'] },
    ],
  },
  printer: {
    weight: 4,
    maxPerHome: 1,
    wifiShare: 0.8,
    fiveGHzShare: 0,
    wifiStandards: ['n'],
    presence: 'always',
    curve: 'workday',
    peakDownBytesPerSecond: 300,
    peakUpBytesPerSecond: 150,
    models: [
      // HP, Brother and Epson name printers after their MAC when nobody renames them.
      { manufacturer: 'HP', names: ['HP-LaserJet-M110', 'HP-ENVY-6000', 'HP{mac}'] },
      { manufacturer: 'Brother', names: ['BRW{MAC}', 'Brother-HL-L2350DW'] },
      { manufacturer: 'Epson', names: ['EPSON{mac}', 'EPSON-ET-2850'] },
    ],
  },
  'smart-speaker': {
    weight: 6,
    maxPerHome: 4,
    wifiShare: 1,
    fiveGHzShare: 0.3,
    wifiStandards: ['n', 'ac'],
    presence: 'always',
    curve: 'morning',
    peakDownBytesPerSecond: 20_000,
    peakUpBytesPerSecond: 1_500,
    models: [
      { manufacturer: 'Amazon', names: ['Echo-Dot', 'Echo-Show-8', 'amazon-####'] },
      { manufacturer: 'Google', names: ['Google-Home-Mini', 'Nest-Audio', 'Nest-Hub'] },
      { manufacturer: 'Sonos', names: ['Sonos-One-{Room}', 'SonosZP'] },
    ],
  },
  camera: {
    weight: 3,
    maxPerHome: 4,
    wifiShare: 0.9,
    fiveGHzShare: 0,
    wifiStandards: ['n'],
    presence: 'always',
    curve: 'steady',
    // Cameras upload: the one kind whose upstream outweighs its downstream.
    peakDownBytesPerSecond: 3_000,
    peakUpBytesPerSecond: 30_000,
    models: [
      { manufacturer: 'Ring', names: ['RingStickUpCam-##', 'Ring-Doorbell'] },
      { manufacturer: 'Nest', names: ['Nest-Cam-{Room}', 'Nest-Doorbell'] },
      { manufacturer: 'TP-Link', names: ['Tapo-C200', 'Tapo-C310'] },
    ],
  },
  thermostat: {
    weight: 3,
    maxPerHome: 1,
    wifiShare: 1,
    fiveGHzShare: 0,
    wifiStandards: ['n'],
    presence: 'always',
    curve: 'steady',
    peakDownBytesPerSecond: 60,
    peakUpBytesPerSecond: 40,
    models: [
      { manufacturer: 'Nest', names: ['Nest-Thermostat', 'Nest-Learning-Thermostat'] },
      { manufacturer: 'Google', names: ['Nest-Thermostat-E'] },
    ],
  },
  'smart-plug': {
    weight: 4,
    maxPerHome: 5,
    wifiShare: 1,
    fiveGHzShare: 0,
    wifiStandards: ['n'],
    presence: 'always',
    curve: 'steady',
    peakDownBytesPerSecond: 30,
    peakUpBytesPerSecond: 30,
    models: [
      { manufacturer: 'TP-Link', names: ['HS110', 'KP115', 'Tapo-P100'] },
      { manufacturer: 'Shelly', names: ['shellyplug-s-{MAC}', 'shelly1pm-{MAC}'] },
    ],
  },
  nas: {
    weight: 1,
    maxPerHome: 1,
    wifiShare: 0,
    fiveGHzShare: 0,
    wifiStandards: ['ac'],
    presence: 'always',
    curve: 'steady',
    // Off-site backups: steady upstream, some downstream for updates and syncs.
    peakDownBytesPerSecond: 15_000,
    peakUpBytesPerSecond: 20_000,
    models: [{ manufacturer: 'Synology', names: ['DiskStation', 'DS220plus', 'NAS-{Owner}'] }],
  },
};

/** Household members, for `{Owner}`; ASCII, as DHCP host names are. */
export const firstNames = [
  'Ada',
  'Ben',
  'Chloe',
  'Dan',
  'Emma',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kai',
  'Lena',
  'Mia',
  'Noah',
  'Olivia',
  'Paul',
  'Rosa',
  'Sam',
  'Tom',
  'Zoe',
  'Lucas',
  'Sofia',
  'Mateo',
  'Camille',
  'Yusuf',
  'Priya',
] as const;

export const rooms = [
  { upper: 'LIVINGROOM', title: 'Living-Room' },
  { upper: 'BEDROOM', title: 'Bedroom' },
  { upper: 'KITCHEN', title: 'Kitchen' },
  { upper: 'OFFICE', title: 'Office' },
  { upper: 'DEN', title: 'Den' },
  { upper: 'PLAYROOM', title: 'Playroom' },
] as const;

/** SSIDs people and providers give their networks. */
export const ssidPatterns = [
  'HOME-####',
  'LineSight-####',
  'Fibre-%%%%',
  'The{Owner}Net',
  '{Owner}s-WiFi',
  'FRITZ!Box-%%%%',
  'Casa-{Owner}',
] as const;

/**
 * Traffic weight by local hour (index 0 is 00:00–01:00), weekday and weekend, peaking near 1.
 * Weekends are heavier: people are home.
 */
export const dailyCurves: Record<DailyCurve, { weekday: number[]; weekend: number[] }> = {
  evening: {
    weekday: [
      0.12, 0.05, 0.02, 0.01, 0.01, 0.01, 0.03, 0.08, 0.08, 0.05, 0.05, 0.06, 0.08, 0.08, 0.08, 0.1,
      0.18, 0.3, 0.5, 0.8, 1, 1, 0.75, 0.35,
    ],
    weekend: [
      0.25, 0.12, 0.05, 0.02, 0.01, 0.01, 0.02, 0.05, 0.15, 0.3, 0.4, 0.45, 0.45, 0.45, 0.5, 0.55,
      0.6, 0.65, 0.75, 0.95, 1.1, 1.1, 0.85, 0.5,
    ],
  },
  workday: {
    weekday: [
      0.03, 0.02, 0.01, 0.01, 0.01, 0.01, 0.03, 0.15, 0.45, 0.8, 0.9, 0.85, 0.7, 0.85, 0.9, 0.85,
      0.75, 0.55, 0.4, 0.45, 0.5, 0.45, 0.3, 0.1,
    ],
    weekend: [
      0.05, 0.03, 0.01, 0.01, 0.01, 0.01, 0.02, 0.05, 0.15, 0.3, 0.45, 0.5, 0.5, 0.45, 0.5, 0.55,
      0.55, 0.5, 0.45, 0.5, 0.6, 0.55, 0.35, 0.12,
    ],
  },
  commute: {
    weekday: [
      0.1, 0.04, 0.02, 0.01, 0.01, 0.02, 0.2, 0.6, 0.45, 0.2, 0.15, 0.15, 0.25, 0.2, 0.15, 0.15,
      0.25, 0.5, 0.7, 0.8, 0.9, 1, 0.85, 0.4,
    ],
    weekend: [
      0.2, 0.1, 0.04, 0.02, 0.01, 0.01, 0.03, 0.15, 0.45, 0.6, 0.65, 0.6, 0.55, 0.55, 0.6, 0.6, 0.6,
      0.65, 0.75, 0.85, 0.95, 1.05, 0.9, 0.5,
    ],
  },
  morning: {
    weekday: [
      0.02, 0.01, 0.01, 0.01, 0.01, 0.05, 0.5, 1, 0.7, 0.2, 0.1, 0.1, 0.15, 0.1, 0.1, 0.1, 0.15,
      0.35, 0.55, 0.5, 0.35, 0.2, 0.08, 0.03,
    ],
    weekend: [
      0.03, 0.01, 0.01, 0.01, 0.01, 0.02, 0.1, 0.45, 0.9, 1, 0.8, 0.6, 0.5, 0.4, 0.4, 0.45, 0.5,
      0.55, 0.6, 0.55, 0.4, 0.25, 0.1, 0.05,
    ],
  },
  steady: {
    weekday: [
      0.8, 0.75, 0.7, 0.7, 0.7, 0.75, 0.85, 0.95, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.95, 0.9,
      0.85,
    ],
    weekend: [
      0.85, 0.8, 0.75, 0.7, 0.7, 0.75, 0.8, 0.9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.95, 0.9,
      0.85,
    ],
  },
};

export type LineClass = 'dsl' | 'docsis' | 'fibre';

/** Share of the fleet per line class. */
export const lineClassShares: readonly { weight: number; value: LineClass }[] = [
  { weight: 50, value: 'dsl' },
  { weight: 30, value: 'docsis' },
  { weight: 20, value: 'fibre' },
];

export interface FirmwareSpec {
  version: string;
  weight: number;
  /**
   * Bits of the per-host byte counters. Some older builds keep them in 32 bits, so a busy host's
   * counter wraps at 4 GiB: the "rare counter wrap" the collector must survive.
   */
  hostCounterBits: 32 | 64;
}

/** A DSL transmission mode: TR-181 `StandardUsed` and `CurrentProfile`, and its rate ceiling. */
export interface DslMode {
  standardUsed: string;
  profile: string;
  /** TR-181 `LinkEncapsulationUsed`: ADSL carries ATM cells, VDSL2 Ethernet frames (PTM). */
  linkEncapsulation: string;
  /** Longest loop, in metres, on which the mode is offered. */
  maxLoopMetres: number;
  maxDownstreamKbps: number;
  maxUpstreamKbps: number;
}

export const dslModes = {
  adsl2plus: {
    standardUsed: 'G.992.5_Annex_B',
    profile: '',
    linkEncapsulation: 'G.992.3_Annex_K_ATM',
    maxLoopMetres: 5000,
    maxDownstreamKbps: 24_000,
    maxUpstreamKbps: 1_100,
  },
  vdsl17a: {
    standardUsed: 'G.993.2_Annex_B',
    profile: '17a',
    linkEncapsulation: 'G.993.2_Annex_K_PTM',
    maxLoopMetres: 1500,
    maxDownstreamKbps: 100_000,
    maxUpstreamKbps: 40_000,
  },
  vdsl35b: {
    standardUsed: 'G.993.2_Annex_B',
    profile: '35b',
    linkEncapsulation: 'G.993.2_Annex_K_PTM',
    maxLoopMetres: 550,
    maxDownstreamKbps: 300_000,
    maxUpstreamKbps: 100_000,
  },
} as const satisfies Record<string, DslMode>;

export interface GatewayModel {
  name: string;
  lineClass: LineClass;
  /** Share among the models of its line class. */
  weight: number;
  /** `X_LINESIGHT_WANType`: 32 DSL, 64 DOCSIS, 96 PON. */
  wanType: number;
  oui: string;
  serialPattern: string;
  firmware: readonly FirmwareSpec[];
  ramTotalKib: number;
  temperatureSensors: readonly string[];
  /** 802.11ax radios; without it the radios stop at n (2.4 GHz) and ac (5 GHz). */
  wifi6: boolean;
  ethernetPorts: number;
  /** DSL modes the model trains in, best first. */
  dslModes?: readonly DslMode[];
  /** Bonded channels, and the bins per segment of the modem's spectrum analysis. */
  docsis?: { downstreamChannels: number; upstreamChannels: number; spectrumBins: number };
}

export const gatewayModels: readonly GatewayModel[] = [
  {
    name: 'SR400',
    lineClass: 'dsl',
    weight: 60,
    wanType: 32,
    oui: '3c:90:66',
    serialPattern: 'SR4%%%%%%%%%',
    firmware: [
      { version: '4.2.1', weight: 25, hostCounterBits: 64 },
      { version: '4.2.3', weight: 55, hostCounterBits: 64 },
      { version: '4.3.0', weight: 20, hostCounterBits: 64 },
    ],
    ramTotalKib: 524_288,
    temperatureSensors: ['CPU', 'WiFi 5GHz'],
    wifi6: false,
    ethernetPorts: 4,
    dslModes: [dslModes.vdsl17a, dslModes.adsl2plus],
  },
  {
    name: 'XG6846',
    lineClass: 'dsl',
    weight: 40,
    wanType: 32,
    oui: 'a4:91:b1',
    serialPattern: 'XG68########',
    firmware: [
      { version: '5.1.0', weight: 10, hostCounterBits: 32 },
      { version: '5.4.2', weight: 90, hostCounterBits: 64 },
    ],
    ramTotalKib: 1_048_576,
    temperatureSensors: ['SoC', 'WiFi 2.4GHz', 'WiFi 5GHz'],
    wifi6: true,
    ethernetPorts: 4,
    dslModes: [dslModes.vdsl35b, dslModes.vdsl17a, dslModes.adsl2plus],
  },
  {
    name: 'CM8200',
    lineClass: 'docsis',
    weight: 65,
    wanType: 64,
    oui: 'd4:05:98',
    serialPattern: '%%%%%%%%%%%%%',
    firmware: [
      { version: 'D31CM-PEREGRINE-1.2.3.4', weight: 40, hostCounterBits: 64 },
      { version: 'D31CM-PEREGRINE-1.3.0.1', weight: 60, hostCounterBits: 64 },
    ],
    ramTotalKib: 786_432,
    temperatureSensors: ['Tuner', 'CPU'],
    wifi6: true,
    ethernetPorts: 4,
    docsis: { downstreamChannels: 24, upstreamChannels: 4, spectrumBins: 16 },
  },
  {
    name: 'CGA4233',
    lineClass: 'docsis',
    weight: 35,
    wanType: 64,
    oui: '00:1d:ce',
    serialPattern: 'CP%%%%%%%%%%',
    firmware: [{ version: 'CGA4233-2.2.0.6', weight: 100, hostCounterBits: 64 }],
    ramTotalKib: 524_288,
    temperatureSensors: ['CPU'],
    wifi6: false,
    ethernetPorts: 4,
    docsis: { downstreamChannels: 16, upstreamChannels: 4, spectrumBins: 32 },
  },
  {
    name: 'ONT-G240',
    lineClass: 'fibre',
    weight: 100,
    wanType: 96,
    oui: 'e0:19:54',
    serialPattern: 'ALCL########',
    firmware: [
      { version: '3FE49362IJHK46', weight: 70, hostCounterBits: 64 },
      { version: '3FE49362IJIJ17', weight: 30, hostCounterBits: 64 },
    ],
    ramTotalKib: 524_288,
    temperatureSensors: ['CPU', 'Optics'],
    wifi6: true,
    ethernetPorts: 4,
  },
];

/** What providers sell on each line class, in kbps: what a modem's sync rate is capped at. */
export const plans: Record<LineClass, readonly { downstreamKbps: number; upstreamKbps: number }[]> =
  {
    dsl: [
      { downstreamKbps: 40_000, upstreamKbps: 10_000 },
      { downstreamKbps: 80_000, upstreamKbps: 20_000 },
      { downstreamKbps: 250_000, upstreamKbps: 40_000 },
    ],
    docsis: [
      { downstreamKbps: 250_000, upstreamKbps: 25_000 },
      { downstreamKbps: 500_000, upstreamKbps: 50_000 },
      { downstreamKbps: 1_000_000, upstreamKbps: 50_000 },
    ],
    fibre: [
      { downstreamKbps: 300_000, upstreamKbps: 100_000 },
      { downstreamKbps: 1_000_000, upstreamKbps: 500_000 },
    ],
  };

/** 5 GHz channels a radio settles on (UNII-1 to UNII-3, 36 to 161). */
export const fiveGHzChannels = [
  36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 149, 153,
  157, 161,
] as const;

/** The non-overlapping 2.4 GHz channels. */
export const twoPointFourGHzChannels = [1, 6, 11] as const;

/** A release of the management agent: `X_LINESIGHT_ClientVersion` and its build identifier. */
export interface AgentRelease {
  clientVersion: string;
  buildIdentifier: string;
  weight: number;
}

/**
 * The agents gateways run: LineSight's own on most, an OpenWrt-based one ("WRT-…") on about
 * one in ten, which has no block/unblock.
 */
export const agentReleases: readonly AgentRelease[] = [
  { clientVersion: '3.3.7', buildIdentifier: 'b2025.11.18-1c9e44', weight: 15 },
  { clientVersion: '3.4.1', buildIdentifier: 'b2026.04.02-7f3a9c', weight: 45 },
  { clientVersion: '3.5.0', buildIdentifier: 'b2026.09.29-a04d1e', weight: 30 },
  { clientVersion: 'WRT-2.0.4', buildIdentifier: 'b2025.12.11-5b2f80', weight: 4 },
  { clientVersion: 'WRT-2.1.0', buildIdentifier: 'b2026.06.09-e81c3d', weight: 6 },
];

/** Where the households live: city centres, in degrees (WGS 84). */
export const cities = [
  { name: 'Dublin', latitude: 53.3498, longitude: -6.2603 },
  { name: 'Manchester', latitude: 53.4808, longitude: -2.2426 },
  { name: 'Lyon', latitude: 45.764, longitude: 4.8357 },
  { name: 'Cologne', latitude: 50.9375, longitude: 6.9603 },
  { name: 'Amsterdam', latitude: 52.3676, longitude: 4.9041 },
  { name: 'Madrid', latitude: 40.4168, longitude: -3.7038 },
] as const;

type Weighted<T> = readonly { weight: number; value: T }[];

const providerSecurity: Weighted<string> = [
  { weight: 70, value: 'WPA2-Personal' },
  { weight: 12, value: 'WPA-WPA2-Personal' },
  { weight: 15, value: 'WPA3-Personal-Transition' },
  { weight: 3, value: 'WPA3-Personal' },
];
const hotspotSecurity: Weighted<string> = [
  { weight: 80, value: 'WPA2-Personal' },
  { weight: 20, value: 'WPA3-Personal' },
];
const homemadeSecurity: Weighted<string> = [
  { weight: 75, value: 'WPA2-Personal' },
  { weight: 10, value: 'WPA-WPA2-Personal' },
  { weight: 8, value: 'WPA3-Personal' },
  { weight: 4, value: 'None' },
  { weight: 3, value: 'WEP-128' },
];

/** A kind of network the neighbours run, as a site survey sees it. */
export interface NeighbourNetworkSpec {
  /** An SSID template (placeholders as above; `{Owner}` is anyone's name); '' is a hidden network. */
  ssid: string;
  weight: number;
  /** Its maker's OUIs, for the BSSID (plausible, not audited against the IEEE registry). */
  ouis: readonly string[];
  /** Share that also broadcast on 5 GHz: the same SSID on the next BSSID. */
  fiveGHzShare: number;
  /** Share with 802.11ax radios. */
  wifi6Share: number;
  security: Weighted<string>;
}

/**
 * The neighbours' networks: providers' routers under their default names (most people never
 * rename them), mobile hotspots, printers' WiFi Direct, hidden networks, and names people type,
 * quotes, stray spaces and all.
 */
export const neighbourNetworks: readonly NeighbourNetworkSpec[] = [
  {
    ssid: 'Livebox-####',
    weight: 8,
    ouis: ['7c:03:d8', 'a0:1b:29'],
    fiveGHzShare: 0.8,
    wifi6Share: 0.4,
    security: providerSecurity,
  },
  {
    ssid: 'FRITZ!Box 7590 **',
    weight: 5,
    ouis: ['38:10:d5', 'c8:0e:14'],
    fiveGHzShare: 0.9,
    wifi6Share: 0.2,
    security: providerSecurity,
  },
  {
    ssid: 'FRITZ!Box 7530 **',
    weight: 4,
    ouis: ['38:10:d5', 'e0:28:6d'],
    fiveGHzShare: 0.9,
    wifi6Share: 0.2,
    security: providerSecurity,
  },
  {
    ssid: 'eir%%%%',
    weight: 5,
    ouis: ['5c:6a:80', 'd4:6a:a8'],
    fiveGHzShare: 0.6,
    wifi6Share: 0.2,
    security: providerSecurity,
  },
  {
    ssid: 'Vodafone-####',
    weight: 5,
    ouis: ['44:fe:3b', 'e4:ab:89'],
    fiveGHzShare: 0.7,
    wifi6Share: 0.3,
    security: providerSecurity,
  },
  {
    ssid: 'BTHub6-****',
    weight: 4,
    ouis: ['50:7e:5d', '18:62:2c'],
    fiveGHzShare: 0.8,
    wifi6Share: 0,
    security: providerSecurity,
  },
  {
    ssid: 'SKY*****',
    weight: 4,
    ouis: ['7c:4c:a5', '08:b0:55'],
    fiveGHzShare: 0.7,
    wifi6Share: 0.2,
    security: providerSecurity,
  },
  {
    ssid: 'VM%%%%%%%',
    weight: 4,
    ouis: ['ac:22:05', '90:5c:44'],
    fiveGHzShare: 0.8,
    wifi6Share: 0.3,
    security: providerSecurity,
  },
  {
    ssid: 'WLAN-%%%%%%',
    weight: 3,
    ouis: ['34:31:c4', '00:1a:4f'],
    fiveGHzShare: 0.6,
    wifi6Share: 0.1,
    security: providerSecurity,
  },
  {
    ssid: 'VodafoneMobileWiFi-######',
    weight: 3,
    ouis: ['54:89:98', 'e8:cd:2d'],
    fiveGHzShare: 0,
    wifi6Share: 0,
    security: hotspotSecurity,
  },
  {
    ssid: '{Owner}’s iPhone',
    weight: 3,
    ouis: ['3c:22:fb', 'a4:83:e7'],
    fiveGHzShare: 0,
    wifi6Share: 0,
    security: hotspotSecurity,
  },
  {
    ssid: "{Owner}'s Galaxy",
    weight: 2,
    ouis: ['8c:79:f5', '5c:49:7d'],
    fiveGHzShare: 0,
    wifi6Share: 0,
    security: hotspotSecurity,
  },
  {
    ssid: 'DIRECT-**-HP ENVY 6000 series',
    weight: 2,
    ouis: ['3c:52:82', 'a0:d3:c1'],
    fiveGHzShare: 0,
    wifi6Share: 0,
    security: [{ weight: 1, value: 'WPA2-Personal' }],
  },
  {
    ssid: 'TP-Link_####',
    weight: 5,
    ouis: ['50:c7:bf', 'ec:08:6b'],
    fiveGHzShare: 0.6,
    wifi6Share: 0.3,
    security: homemadeSecurity,
  },
  {
    ssid: 'NETGEAR%%',
    weight: 3,
    ouis: ['a0:40:a0', '9c:3d:cf'],
    fiveGHzShare: 0.6,
    wifi6Share: 0.2,
    security: homemadeSecurity,
  },
  {
    ssid: 'ASUS_##',
    weight: 2,
    ouis: ['04:d9:f5', '2c:fd:a1'],
    fiveGHzShare: 0.5,
    wifi6Share: 0.5,
    security: homemadeSecurity,
  },
  {
    ssid: '',
    weight: 6,
    ouis: ['50:c7:bf', 'a0:40:a0', '38:10:d5'],
    fiveGHzShare: 0.3,
    wifi6Share: 0.2,
    security: providerSecurity,
  },
  {
    ssid: '{Owner} "Guest"',
    weight: 1,
    ouis: ['50:c7:bf', '04:d9:f5'],
    fiveGHzShare: 0.3,
    wifi6Share: 0.2,
    security: homemadeSecurity,
  },
  {
    ssid: ' {Owner}-Home ',
    weight: 1,
    ouis: ['ec:08:6b', '9c:3d:cf'],
    fiveGHzShare: 0.4,
    wifi6Share: 0.2,
    security: homemadeSecurity,
  },
  {
    ssid: 'Familie Müller',
    weight: 1,
    ouis: ['38:10:d5', 'c8:0e:14'],
    fiveGHzShare: 0.8,
    wifi6Share: 0.2,
    security: providerSecurity,
  },
  {
    ssid: 'Free Public WiFi',
    weight: 1,
    ouis: ['50:c7:bf'],
    fiveGHzShare: 0,
    wifi6Share: 0,
    security: [{ weight: 1, value: 'None' }],
  },
  {
    ssid: 'Pretty Fly for a WiFi',
    weight: 1,
    ouis: ['2c:fd:a1', 'a0:40:a0'],
    fiveGHzShare: 0.5,
    wifi6Share: 0.3,
    security: homemadeSecurity,
  },
];

/** The channels neighbours' routers sit on: auto selection favours 1, 6 and 11, and 36 and 100. */
export const neighbourChannels: Record<'2.4GHz' | '5GHz', Weighted<number>> = {
  '2.4GHz': [
    { weight: 30, value: 1 },
    { weight: 33, value: 6 },
    { weight: 30, value: 11 },
    { weight: 2, value: 3 },
    { weight: 1, value: 4 },
    { weight: 2, value: 9 },
    { weight: 2, value: 13 },
  ],
  '5GHz': [
    { weight: 24, value: 36 },
    { weight: 6, value: 40 },
    { weight: 8, value: 44 },
    { weight: 5, value: 48 },
    { weight: 4, value: 52 },
    { weight: 2, value: 60 },
    { weight: 2, value: 64 },
    { weight: 12, value: 100 },
    { weight: 3, value: 104 },
    { weight: 4, value: 108 },
    { weight: 5, value: 112 },
    { weight: 6, value: 116 },
    { weight: 2, value: 124 },
    { weight: 5, value: 132 },
    { weight: 2, value: 136 },
    { weight: 6, value: 149 },
    { weight: 4, value: 157 },
  ],
};
