import { channelLayout } from '@linesight/contract';
import type { SiteSurveyEntry, WifiRadio } from '../../telemetry/canonical-model';

/**
 * The channel the site survey recommends per band, from what the gateway's radios hear around
 * them. docs/decisions/016-channel-recommendation.md explains each choice and its figures.
 */

export type RecommendedBand = '2.4GHz' | '5GHz';

export interface ChannelRecommendation {
  freqBand: RecommendedBand;
  /** The primary 20 MHz channel; the screens derive the centre channel from it. */
  channel: number;
}

/** Below the 20 MHz detection threshold (-82 dBm) with 3 dB to spare: the radio ignores them. */
const weakestCountedRssi = -85;

/**
 * What a DFS channel costs, as one neighbour at -70 dBm on it: a radar hit silences the radio
 * there for at least 30 minutes, worth risking only to escape a clearly heard neighbour.
 */
const dfsPenaltyMilliwatts = 10 ** (-70 / 10);

const bands: readonly RecommendedBand[] = ['2.4GHz', '5GHz'];

/** The 2.4 GHz channels that do not overlap each other: everything else overlaps two of them. */
const nonOverlapping24 = [1, 6, 11];
/** Without a reported list, channels 1–11, usable in every regulatory domain. */
const default24 = Array.from({ length: 11 }, (_, index) => index + 1);
/** Without a reported list, UNII-1 and UNII-3: the 5 GHz channels that need no radar detection. */
const default5 = [36, 40, 44, 48, 149, 153, 157, 161, 165];

/** UNII-2A and UNII-2C, where the radio must detect radar and leave on a hit. */
function isDfs(channel: number): boolean {
  return channel >= 52 && channel <= 144;
}

/**
 * The 20 MHz channels a transmission on `primary` uses, from the centre of its block (4 channel
 * numbers per 20 MHz on both bands), or null when no such block exists.
 */
function blockOf(
  band: RecommendedBand,
  primary: number,
  bandwidthMhz: number | null,
): number[] | null {
  const { centerChannel } = channelLayout(band, primary, bandwidthMhz);
  if (centerChannel === null) return null;
  const width = Math.max(1, Math.round((bandwidthMhz ?? 20) / 20));
  const first = centerChannel - 2 * (width - 1);
  return Array.from({ length: width }, (_, index) => first + 4 * index);
}

/**
 * The share of one 20 MHz channel that another covers. 2.4 GHz channels are 22 MHz wide but
 * only 5 MHz apart, so they overlap up to 4 channels away; 5 GHz channels are disjoint.
 */
function overlap(band: RecommendedBand, a: number, b: number): number {
  if (band === '5GHz') return a === b ? 1 : 0;
  return Math.max(0, 22 - 5 * Math.abs(a - b)) / 22;
}

interface Neighbour {
  channels: number[];
  milliwatts: number;
}

/** Interference on `channels`: each neighbour's power times how much of them it covers. */
function interference(band: RecommendedBand, channels: number[], neighbours: Neighbour[]): number {
  let total = 0;
  for (const neighbour of neighbours)
    for (const theirs of neighbour.channels)
      for (const ours of channels) total += neighbour.milliwatts * overlap(band, theirs, ours);
  return total;
}

/** Rounding in the sums must not decide between channels that carry the same interference. */
function isLess(a: number, b: number): boolean {
  return a < b - 1e-9 * Math.max(a, b);
}

/** A BSSID as its hex digits alone: gateways write them with colons, dashes or none, in either case. */
export function normalisedBssid(bssid: string | null): string | null {
  return bssid === null ? null : bssid.toLowerCase().replace(/[^0-9a-f]/g, '');
}

interface Candidate {
  channel: number;
  /** Over the whole block at the radio's bandwidth, DFS penalty included. */
  blockScore: number;
  /** On the primary alone, where beacons and contention sit. */
  primaryScore: number;
}

function isBetter(a: Candidate, b: Candidate, current: number): boolean {
  if (isLess(a.blockScore, b.blockScore)) return true;
  if (isLess(b.blockScore, a.blockScore)) return false;
  if (isLess(a.primaryScore, b.primaryScore)) return true;
  if (isLess(b.primaryScore, a.primaryScore)) return false;
  if (a.channel === current || b.channel === current) return a.channel === current;
  return a.channel < b.channel;
}

function recommendForRadio(
  band: RecommendedBand,
  radio: WifiRadio,
  survey: SiteSurveyEntry[],
  ownBssids: ReadonlySet<string>,
): number | null {
  const neighbours: Neighbour[] = survey.flatMap((entry) => {
    const bssid = normalisedBssid(entry.bssid);
    if (entry.freqBand !== band || entry.channel === null || entry.channel <= 0) return [];
    if (entry.rssi === null || entry.rssi < weakestCountedRssi) return [];
    if (bssid !== null && ownBssids.has(bssid)) return [];
    return [
      {
        // A block that cannot exist is a misreport: keep the primary, where it was heard.
        channels: blockOf(band, entry.channel, entry.channelBandwidth) ?? [entry.channel],
        milliwatts: 10 ** (entry.rssi / 10),
      },
    ];
  });

  const current = radio.channel > 0 ? radio.channel : null;
  // With nothing heard no channel is better than another: moving would only cost a reconnect.
  if (neighbours.length === 0 && current !== null) return current;

  const reported = radio.availableChannels.filter((channel) => channel > 0);
  const allowed = new Set(
    reported.length > 0 ? reported : band === '2.4GHz' ? default24 : default5,
  );
  const primaries =
    band === '2.4GHz' ? nonOverlapping24.filter((channel) => allowed.has(channel)) : [...allowed];

  let best: Candidate | null = null;
  for (const channel of primaries.sort((a, b) => a - b)) {
    const block = blockOf(band, channel, radio.channelBandwidth);
    if (!block?.every((sub) => allowed.has(sub))) continue;
    const candidate: Candidate = {
      channel,
      blockScore:
        interference(band, block, neighbours) + (block.some(isDfs) ? dfsPenaltyMilliwatts : 0),
      primaryScore: interference(band, [channel], neighbours),
    };
    if (best === null || isBetter(candidate, best, current ?? 0)) best = candidate;
  }
  return best?.channel ?? current;
}

/**
 * The recommended primary channel per band the gateway has a radio on (the first radio of a
 * band when it has several): the candidate whose channels, at the radio's own bandwidth, carry
 * the least power from neighbours loud enough to matter.
 */
export function recommendChannels(
  survey: SiteSurveyEntry[],
  radios: WifiRadio[],
): ChannelRecommendation[] {
  const ownBssids = new Set(
    radios.flatMap((radio) =>
      radio.wifiNetworks.flatMap((network) => normalisedBssid(network.bssid) ?? []),
    ),
  );
  const ordered = [...radios].sort((a, b) => a.radioInstance - b.radioInstance);
  return bands.flatMap((band) => {
    const radio = ordered.find((candidate) => candidate.freqBand === band);
    const channel = radio ? recommendForRadio(band, radio, survey, ownBssids) : null;
    return channel === null ? [] : [{ freqBand: band, channel }];
  });
}
