import {
  agentReleases,
  cities,
  dslModes,
  firstNames,
  fiveGHzChannels,
  gatewayModels,
  type GatewayModel,
  type HostKind,
  hostKinds,
  type HostKindSpec,
  lineClassShares,
  manufacturers,
  neighbourChannels,
  neighbourNetworks,
  plans,
  rooms,
  ssidPatterns,
  twoPointFourGHzChannels,
  type WifiStandard,
} from './catalog';
import { Gateway } from './gateway';
import {
  type BehaviourRates,
  defaultBehaviour,
  type DocsisLineProfile,
  type DslLineProfile,
  type FibreLineProfile,
  type GatewayProfile,
  type GeoPoint,
  type HostConnection,
  type HostProfile,
  type LineProfile,
  type NeighbourProfile,
  type RadioProfile,
  type SpectrumProfile,
  type WifiBand,
} from './profile';
import { hashSeed, Random } from './random';
import type { ReportEncoding } from './report';
import { maxLinkRateKbps } from './wifi-radio';

export interface FleetOptions {
  seed: number;
  size: number;
  /** Hours local time is ahead of UTC, for the households' day (default 0). */
  utcOffsetHours?: number;
  behaviour?: Partial<BehaviourRates>;
  encoding?: ReportEncoding;
}

/** A fleet of gateways; gateway i is the same for a seed whatever the fleet's size. */
export function createFleet(options: FleetOptions): Gateway[] {
  if (!Number.isInteger(options.size) || options.size < 0) {
    throw new RangeError(`A fleet's size must be a whole number, not ${options.size}.`);
  }
  return Array.from(
    { length: options.size },
    (_, index) =>
      new Gateway(describeGateway(options.seed, index, options), { encoding: options.encoding }),
  );
}

/** The fixed facts of gateway `index` of the fleet with this seed. */
export function describeGateway(
  fleetSeed: number,
  index: number,
  options: Pick<FleetOptions, 'utcOffsetHours' | 'behaviour'> = {},
): GatewayProfile {
  const seed = hashSeed(fleetSeed, 'gateway', index);
  const random = new Random(seed);
  const lineClass = random.weighted(lineClassShares);
  const model = random.weighted(
    gatewayModels
      .filter((candidate) => candidate.lineClass === lineClass)
      .map((candidate) => ({ weight: candidate.weight, value: candidate })),
  );
  const household = drawHousehold(random.fork('household'));
  const lanPrefix = random.pick(['192.168.1', '192.168.0', '192.168.178', '192.168.2', '10.0.0']);
  const macAddress = gatewayMac(fleetSeed, index, model.oui);
  const radios = drawRadios(random.fork('radios'), model, macAddress);
  return {
    index,
    seed,
    model,
    firmware: random.weighted(model.firmware.map((spec) => ({ weight: spec.weight, value: spec }))),
    serialNumber: fillTemplate(model.serialPattern, random, household),
    macAddress,
    lanPrefix,
    wanIpAddress: wanAddress(random.fork('wan')),
    ssid: fillTemplate(random.pick(ssidPatterns), random, household),
    radios,
    hosts: drawHosts(random.fork('hosts'), model, radios, lanPrefix, household),
    line: drawLine(random.fork('line'), model),
    agent: random
      .fork('agent')
      .weighted(agentReleases.map((release) => ({ weight: release.weight, value: release }))),
    location: drawLocation(random.fork('location')),
    neighbours: drawNeighbours(random.fork('neighbours')),
    idleTemperatureC: Math.round(Math.min(57, Math.max(44, random.normal(50, 3)))),
    reportPhase: random.next(),
    utcOffsetHours: options.utcOffsetHours ?? 0,
    behaviour: { ...defaultBehaviour, ...options.behaviour },
  };
}

/**
 * The gateway's own MAC: its model's OUI and a device part that differs for every index of the
 * fleet (an odd step is a bijection modulo 2^24), so no two gateways of a fleet share one.
 */
function gatewayMac(fleetSeed: number, index: number, oui: string): string {
  const devicePart = (hashSeed(fleetSeed, 'mac') + index * 0x5bd1e9) % 0x100_0000;
  return `${oui}:${hexOctets(devicePart)}`;
}

/** The low 24 bits as three colon-separated octets, e.g. "0c:22:7f". */
function hexOctets(value: number): string {
  const hex = (value & 0xffffff).toString(16).padStart(6, '0');
  return `${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

interface Household {
  members: readonly string[];
  room: (typeof rooms)[number];
}

function drawHousehold(random: Random): Household {
  const size = random.weighted([
    { weight: 30, value: 1 },
    { weight: 35, value: 2 },
    { weight: 20, value: 3 },
    { weight: 15, value: 4 },
  ]);
  const members = new Set<string>();
  while (members.size < size) members.add(random.pick(firstNames));
  return { members: [...members], room: random.pick(rooms) };
}

const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Fills a name template (see `catalog.ts` for its placeholders); `mac` is the host's own. */
function fillTemplate(template: string, random: Random, household: Household, mac = ''): string {
  const owner = random.pick(household.members);
  const macHex = mac.replaceAll(':', '').toUpperCase();
  return template
    .replaceAll('{Owner}', owner)
    .replaceAll('{owner}', owner.toLowerCase())
    .replaceAll('{ROOM}', household.room.upper)
    .replaceAll('{Room}', household.room.title)
    .replaceAll('{MAC}', macHex)
    .replaceAll('{mac}', macHex.slice(-6))
    .replace(/[#%*]/g, (placeholder) => {
      if (placeholder === '#') return random.int(0, 15).toString(16).toUpperCase();
      if (placeholder === '%') return String(random.int(0, 9));
      return random.pick([...alphanumerics]);
    });
}

function drawRadios(random: Random, model: GatewayModel, macAddress: string): RadioProfile[] {
  // WiFi 6 models offer WPA3 next to WPA2 for older clients.
  const security = model.wifi6 ? 'WPA3-Personal-Transition' : 'WPA2-Personal';
  return [
    {
      instance: 1,
      band: '2.4GHz',
      channelChoices: twoPointFourGHzChannels,
      bandwidth: random.chance(0.8) ? '20MHz' : '40MHz',
      standards: model.wifi6 ? 'b,g,n,ax' : 'b,g,n',
      possibleChannels: '1-11',
      bssid: bssidOf(macAddress, 1),
      security,
    },
    {
      instance: 2,
      band: '5GHz',
      channelChoices: fiveGHzChannels,
      bandwidth: model.wifi6 && random.chance(0.15) ? '160MHz' : '80MHz',
      standards: model.wifi6 ? 'a,n,ac,ax' : 'a,n,ac',
      possibleChannels: fiveGHzChannels.join(','),
      bssid: bssidOf(macAddress, 2),
      security,
    },
  ];
}

/** Gateways number their BSSIDs on from their own MAC, one per radio. */
function bssidOf(macAddress: string, radioInstance: number): string {
  const devicePart = Number.parseInt(macAddress.slice(9).replaceAll(':', ''), 16);
  return `${macAddress.slice(0, 8)}:${hexOctets(devicePart + radioInstance)}`;
}

/** Five to thirty hosts, most homes near thirteen; the first is always someone's phone. */
function drawHostCount(random: Random): number {
  return Math.round(Math.min(30, Math.max(5, random.normal(13, 5.5))));
}

function drawHostKinds(random: Random, count: number): HostKind[] {
  const kinds: HostKind[] = ['phone'];
  const entries = Object.entries(hostKinds) as [HostKind, HostKindSpec][];
  while (kinds.length < count) {
    const available = entries.filter(
      ([kind, spec]) => kinds.filter((taken) => taken === kind).length < spec.maxPerHome,
    );
    kinds.push(
      random.weighted(available.map(([kind, spec]) => ({ weight: spec.weight, value: kind }))),
    );
  }
  return kinds;
}

function drawHosts(
  random: Random,
  model: GatewayModel,
  radios: readonly RadioProfile[],
  lanPrefix: string,
  household: Household,
): HostProfile[] {
  const count = drawHostCount(random);
  const kinds = drawHostKinds(random, count);
  // Phones beyond one per member (and one spare) belong to visitors, who come some evenings.
  const phonesAtHome = household.members.length + 1;
  let phones = 0;
  const macs = new Set<string>();
  return kinds.map((kind, position) => {
    const spec = hostKinds[kind];
    const hostRandom = random.fork('host', position);
    const maker = hostRandom.pick(spec.models);
    let mac: string;
    do {
      const oui = hostRandom.pick(manufacturers[maker.manufacturer]);
      mac = `${oui}:${hexOctets(hostRandom.int(0, 0xffffff))}`;
    } while (macs.has(mac));
    macs.add(mac);
    if (kind === 'phone') phones += 1;
    const isVisitor = kind === 'phone' && phones > phonesAtHome;
    const appetite = Math.exp(hostRandom.normal(0, 0.5));
    return {
      instance: position + 1,
      seed: hostRandom.seed,
      kind,
      manufacturer: maker.manufacturer,
      mac,
      hostName: fillTemplate(hostRandom.pick(maker.names), hostRandom, household, mac),
      ipv4Address: `${lanPrefix}.${100 + position}`,
      connection: drawConnection(hostRandom, model, radios, spec),
      presence: isVisitor ? 'visitor' : spec.presence,
      curve: spec.curve,
      peakDownBytesPerSecond: Math.round(spec.peakDownBytesPerSecond * appetite),
      peakUpBytesPerSecond: Math.round(spec.peakUpBytesPerSecond * appetite),
    };
  });
}

function drawConnection(
  random: Random,
  model: GatewayModel,
  radios: readonly RadioProfile[],
  spec: HostKindSpec,
): HostConnection {
  if (!random.chance(spec.wifiShare)) {
    return { medium: 'ethernet', port: random.int(1, model.ethernetPorts) };
  }
  const band: WifiBand = random.chance(spec.fiveGHzShare) ? '5GHz' : '2.4GHz';
  const standard = supportedStandard(random.pick(spec.wifiStandards), band, model.wifi6);
  const radio = radios.find((candidate) => candidate.band === band);
  // 2.4 GHz walls cost less: hosts there sit a little stronger for the same distance.
  const signal = random.normal(band === '5GHz' ? -60 : -56, 9);
  // Hosts that only speak n are IoT radios with one antenna; the rest have two.
  const streams = spec.wifiStandards.every((candidate) => candidate === 'n') ? 1 : 2;
  return {
    medium: 'wifi',
    band,
    standard,
    baseSignalDbm: Math.round(Math.min(-35, Math.max(-85, signal))),
    maxLinkRateKbps: maxLinkRateKbps(standard, radio?.bandwidth ?? '20MHz', streams),
  };
}

/** What a host and the radio agree on: ac is 5 GHz only, and ax needs an ax radio. */
function supportedStandard(standard: WifiStandard, band: WifiBand, wifi6: boolean): WifiStandard {
  if (standard === 'ax' && !wifi6) return band === '5GHz' ? 'ac' : 'n';
  if (standard === 'ac' && band === '2.4GHz') return 'n';
  return standard;
}

function drawLine(random: Random, model: GatewayModel): LineProfile {
  switch (model.lineClass) {
    case 'dsl':
      return drawDslLine(random, model);
    case 'docsis':
      return drawDocsisLine(random, model);
    case 'fibre':
      return drawFibreLine(random);
  }
}

/**
 * A copper pair: its length decides attenuation and attainable rate; the plan caps the sync
 * rate, and whatever the line could do beyond it shows as extra noise margin.
 */
function drawDslLine(random: Random, model: GatewayModel): DslLineProfile {
  const loopMetres = Math.round(150 + 3300 * random.next() ** 2);
  const modes = model.dslModes ?? [dslModes.adsl2plus];
  const mode =
    modes.find((candidate) => loopMetres <= candidate.maxLoopMetres) ?? dslModes.adsl2plus;
  const loopKm = loopMetres / 1000;
  const isVdsl = mode !== dslModes.adsl2plus;
  const attenuationDb = Math.max(1, loopKm * (isVdsl ? 20 : 14) + random.normal(0, 1));
  const attainableDown = Math.min(
    mode.maxDownstreamKbps,
    isVdsl
      ? (mode === dslModes.vdsl35b ? 350_000 : 150_000) *
          Math.exp(-loopKm * (mode === dslModes.vdsl35b ? 2.8 : 1.6))
      : 26_000 * Math.exp(-loopKm * 0.45),
  );
  const attainableUp = Math.min(
    mode.maxUpstreamKbps,
    isVdsl ? attainableDown * 0.35 : 1_300 * Math.exp(-loopKm * 0.2),
  );
  const plan = random.pick(plans.dsl);
  const syncDown = Math.min(plan.downstreamKbps, attainableDown * 0.92);
  const syncUp = Math.min(plan.upstreamKbps, attainableUp * 0.92);
  // Rate comes from SNR: roughly 3 dB per bit per tone, so spare rate is spare margin.
  const marginFor = (attainable: number, sync: number): number =>
    Math.round(Math.min(310, 60 + 100 * Math.log10(attainable / sync) * 3));
  return {
    lineClass: 'dsl',
    mode,
    loopMetres,
    downstreamAttenuation: Math.round(attenuationDb * 10),
    upstreamAttenuation: Math.round(attenuationDb * (isVdsl ? 7.5 : 5.5)),
    downstreamPower: Math.round(
      (isVdsl ? random.float(12.5, 14.5) : random.float(18.5, 19.9)) * 10,
    ),
    upstreamPower: Math.round((isVdsl ? random.float(4, 7) : random.float(11.5, 12.5)) * 10),
    attainableDownstreamKbps: Math.round(attainableDown),
    attainableUpstreamKbps: Math.round(attainableUp),
    syncDownstreamKbps: Math.round(syncDown),
    syncUpstreamKbps: Math.round(syncUp),
    downstreamMargin: marginFor(attainableDown, syncDown),
    upstreamMargin: marginFor(attainableUp, syncUp),
    noisiness: Math.exp(random.normal(0, 0.35)),
  };
}

/** A bonded group of QAM channels: power tilts across the band, SNR follows power. */
function drawDocsisLine(random: Random, model: GatewayModel): DocsisLineProfile {
  const channels = model.docsis ?? {
    downstreamChannels: 16,
    upstreamChannels: 4,
    spectrumBins: 16,
  };
  const annex = random.chance(0.75) ? 'AnnexA' : 'AnnexB';
  const widthHz = annex === 'AnnexA' ? 8_000_000 : 6_000_000;
  const firstHz = annex === 'AnnexA' ? random.pick([114, 330, 474, 602]) * 1e6 : 555e6;
  const basePower = random.float(-4, 8);
  const tilt = random.float(-3, 3);
  const firstId = random.int(1, 40);
  const downstream = Array.from({ length: channels.downstreamChannels }, (_, channel) => {
    const power =
      basePower + (tilt * channel) / channels.downstreamChannels + random.normal(0, 0.4);
    return {
      id: firstId + channel,
      frequencyHz: firstHz + channel * widthHz,
      widthHz,
      power: Math.round(power * 10),
      signalNoise: Math.round((random.normal(39, 1) - Math.max(0, -power - 6) * 0.8) * 10),
    };
  });
  const upstreamWidthHz = 6_400_000;
  const upstreamFirstHz = annex === 'AnnexA' ? 20_600_000 : 16_400_000;
  const txPower = random.float(38, 49);
  const upstream = Array.from({ length: channels.upstreamChannels }, (_, channel) => ({
    id: channel + 1,
    frequencyHz: upstreamFirstHz + channel * upstreamWidthHz,
    widthHz: upstreamWidthHz,
    txPower: Math.round((txPower + random.normal(0, 0.5)) * 10),
  }));
  return {
    lineClass: 'docsis',
    annex,
    downstream,
    upstream,
    spectrum: drawSpectrum(random.fork('spectrum'), annex, channels.spectrumBins),
  };
}

/**
 * The spectrum analysis cuts the band in segments about a channel wide, and finds a carrier or
 * two leaking into the upstream band now and then: shortwave radio, a neighbour's kit.
 */
function drawSpectrum(
  random: Random,
  annex: DocsisLineProfile['annex'],
  binsPerSegment: number,
): SpectrumProfile {
  const ingress = Array.from({ length: random.weighted(ingressCounts) }, () => ({
    frequencyHz: random.int(6, 30) * 1_000_000,
    level: random.float(-30, -15),
  }));
  return { segmentSpanHz: annex === 'AnnexA' ? 7_500_000 : 6_000_000, binsPerSegment, ingress };
}

const ingressCounts = [
  { weight: 60, value: 0 },
  { weight: 30, value: 1 },
  { weight: 10, value: 2 },
];

function drawFibreLine(random: Random): FibreLineProfile {
  return {
    lineClass: 'fibre',
    receivePower: Math.round(random.float(-24, -14) * 1000),
    transmitPower: Math.round(random.float(0.5, 5) * 1000),
  };
}

/** About 70% of providers give their gateways a position: the household's, near a city. */
function drawLocation(random: Random): GeoPoint | null {
  if (!random.chance(0.7)) return null;
  const city = random.pick(cities);
  // Within a few kilometres of the centre; five decimals is about a metre.
  const round = (degrees: number): number => Math.round(degrees * 100_000) / 100_000;
  return {
    longitude: round(city.longitude + random.normal(0, 0.06)),
    latitude: round(city.latitude + random.normal(0, 0.04)),
  };
}

/** Anyone's name, for neighbours' SSIDs such as "Ada's Galaxy". */
const anyHousehold: Household = { members: firstNames, room: rooms[0] };

/**
 * The neighbours' networks: 3 to 25 on 2.4 GHz (a farmhouse hears few, a block of flats many)
 * and, from the routers that are dual-band, up to 15 on 5 GHz, fainter through walls.
 */
function drawNeighbours(random: Random): NeighbourProfile[] {
  const routers = 3 + Math.floor(23 * random.next() ** 1.6);
  const neighbours: NeighbourProfile[] = [];
  let fiveGHz = 0;
  for (let router = 0; router < routers; router += 1) {
    const routerRandom = random.fork('router', router);
    const spec = routerRandom.weighted(
      neighbourNetworks.map((network) => ({ weight: network.weight, value: network })),
    );
    const devicePart = routerRandom.int(0, 0xfffffe);
    const shared = {
      ssid: fillTemplate(spec.ssid, routerRandom, anyHousehold),
      security: routerRandom.weighted(spec.security),
      wifi6: routerRandom.chance(spec.wifi6Share),
      oui: routerRandom.pick(spec.ouis),
    };
    const signal = Math.min(-40, Math.max(-92, routerRandom.normal(-76, 8)));
    neighbours.push({
      seed: routerRandom.seed,
      ssid: shared.ssid,
      bssid: `${shared.oui}:${hexOctets(devicePart)}`,
      band: '2.4GHz',
      channel: routerRandom.weighted(neighbourChannels['2.4GHz']),
      bandwidth: routerRandom.chance(0.8) ? '20MHz' : '40MHz',
      standards: shared.wifi6 ? 'b,g,n,ax' : routerRandom.chance(0.1) ? 'b,g' : 'b,g,n',
      security: shared.security,
      baseSignalDbm: Math.round(signal),
    });
    if (fiveGHz >= 15 || !routerRandom.chance(spec.fiveGHzShare)) continue;
    fiveGHz += 1;
    const channel = routerRandom.weighted(neighbourChannels['5GHz']);
    neighbours.push({
      seed: routerRandom.fork('5GHz').seed,
      ssid: shared.ssid,
      bssid: `${shared.oui}:${hexOctets(devicePart + 1)}`,
      band: '5GHz',
      channel,
      bandwidth: routerRandom.weighted([
        { weight: 70, value: '80MHz' },
        { weight: 15, value: '40MHz' },
        { weight: 10, value: '20MHz' },
        // 160 MHz blocks end at channel 128.
        { weight: shared.wifi6 && channel <= 128 ? 5 : 0, value: '160MHz' },
      ]),
      standards: shared.wifi6 ? 'a,n,ac,ax' : 'a,n,ac',
      security: shared.security,
      baseSignalDbm: Math.round(Math.max(-94, signal - routerRandom.float(5, 12))),
    });
  }
  return neighbours;
}

/** A public IPv4 address from a few providers' residential ranges (documentation-safe hosts). */
function wanAddress(random: Random): string {
  const range = random.pick(['81.2', '86.14', '90.84', '109.190', '176.132', '212.51']);
  return `${range}.${random.int(1, 254)}.${random.int(1, 254)}`;
}
