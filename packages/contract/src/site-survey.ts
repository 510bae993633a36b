import { z } from 'zod';
import { type FreqBand, freqBandSchema } from './monitoring';
import { channelLayout } from './wifi-channels';

/**
 * The site survey (seed 001 sections 2, 3 and 5): the networks the gateway's radios hear, the
 * gateway's own networks among them (`client`, which the channel form opens on), and the
 * recommended channel per band (docs/decisions/016). The API is decision 017, the screen 018.
 */

/** One row of the survey: a neighbour's network as heard, or one of the gateway's own. */
export const siteSurveyEntrySchema = z.object({
  /** As reported: the screen cleans it (`cleanSsid`). */
  ssid: z.string().nullable(),
  bssid: z.string().nullable(),
  /** TR-181 operating standards as reported, e.g. `a,n,ac` or `ax`. */
  standard: z.string().nullable(),
  /** The primary 20 MHz channel; 0 for the gateway's own radio on Auto that has not said which. */
  channel: z.number().int().nullable(),
  /** dBm; null for the gateway's own networks (it does not hear itself). */
  rssi: z.number().nullable(),
  freqBand: freqBandSchema.nullable(),
  /** MHz: 20, 40, 80 or 160. */
  channelBandwidth: z.number().int().nullable(),
  /** The centre of the block of 20 MHz channels at that bandwidth (`channelLayout`). */
  centerChannel: z.number().nullable(),
  security: z.string().nullable(),
  /** One of the gateway's own networks (from its WiFi settings): the channel form opens here. */
  client: z.boolean(),
  /** Epoch ms of the report that carried the row. */
  timestamp: z.number(),
});
export type SiteSurveyEntry = z.infer<typeof siteSurveyEntrySchema>;

export const recommendedChannelSchema = z.object({
  freqBand: freqBandSchema,
  /** A primary 20 MHz channel (the screen derives its centre with `channelLayout`). */
  channel: z.number().int(),
});
export type RecommendedChannel = z.infer<typeof recommendedChannelSchema>;

/**
 * GET /api/wifiSpectrumAnalyzer/v1/{code}: every band's latest survey with the gateway's own
 * networks as they are now, and a recommended channel per band the gateway has a radio on.
 * 204 before the gateway has reported either a survey or its radios.
 */
export const wifiSpectrumAnalyzerSchema = z.object({
  siteSurvey: z.array(siteSurveyEntrySchema),
  recommendedChannel: z.array(recommendedChannelSchema),
});
export type WifiSpectrumAnalyzer = z.infer<typeof wifiSpectrumAnalyzerSchema>;

/** The name shown for a network with none (seed 001 section 3). */
export const noSsidLabel = '[ No Name ]';

/** Seed 001 section 3: quotes and whitespace removed; an empty name becomes `[ No Name ]`. */
export function cleanSsid(ssid: string | null): string {
  const cleaned = (ssid ?? '').replace(/["'\s]/g, '');
  return cleaned === '' ? noSsidLabel : cleaned;
}

/** TR-181 `OperatingStandards` (`b,g,n`, `a,n,ac`, `ax`) as its list of letters. */
function standardsOf(standard: string | null): string[] {
  return (standard ?? '')
    .toLowerCase()
    .split(/[,\s/]+/)
    .map((part) => part.replace(/^802\.11/, ''))
    .filter((part) => part !== '');
}

/**
 * The channel widths a radio of `standard` may use on `band` (seed 001 section 5: 802.11ac
 * 20/40/80, 802.11n 20/40, 802.11a/b/g 20; 802.11ax adds 160, as 802.11ac wave 2 does). 2.4 GHz
 * never goes past 40 MHz. A radio that reports no standard is taken at its band's minimum, 20.
 */
export function allowedChannelBandwidths(band: FreqBand | null, standard: string | null): number[] {
  const standards = standardsOf(standard);
  const widths = standards.some((s) => s === 'ax' || s === 'be')
    ? [20, 40, 80, 160]
    : standards.includes('ac')
      ? [20, 40, 80]
      : standards.includes('n')
        ? [20, 40]
        : [20];
  return band === '2.4GHz' ? widths.filter((width) => width <= 40) : widths;
}

/** The 20 MHz channels of each band, where regulators anywhere allow them. */
export const bandChannels: Record<FreqBand, readonly number[]> = {
  '2.4GHz': Array.from({ length: 14 }, (_, index) => index + 1),
  '5GHz': [
    36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 149,
    153, 157, 161, 165, 169, 173, 177,
  ],
  '6GHz': Array.from({ length: 59 }, (_, index) => 1 + index * 4),
};

/** UNII-2A and UNII-2C: the 5 GHz channels that need radar detection (seed 001: 50–144). */
export function isDfsChannel(channel: number): boolean {
  return channel >= 50 && channel <= 144;
}

/** The radio a channel change is aimed at, as its WiFi settings give it. */
export interface ChannelChangeRadio {
  freqBand: FreqBand | null;
  standard: string | null;
  /** Empty when the radio does not report them: then every channel of its band. */
  availableChannels: readonly number[];
  channel: number;
  channelBandwidth: number | null;
}

export type ChannelChangeRefusal =
  | 'DEVICE_ACTION.CHANNEL_OUTSIDE_BAND'
  | 'DEVICE_ACTION.CHANNEL_NOT_AVAILABLE'
  | 'DEVICE_ACTION.BANDWIDTH_NOT_ALLOWED'
  | 'DEVICE_ACTION.CHANNEL_BANDWIDTH_MISMATCH';

/**
 * Why a radio may not be moved to `channel` (0: Auto) and/or `bandwidth`, or null when it may.
 * The server refuses with this code (400 for a channel no radio of the band has, 409 for what
 * this radio cannot do) and the form offers only what passes. A change that leaves one of the
 * two alone checks it at the radio's current value.
 */
export function channelChangeRefusal(
  radio: ChannelChangeRadio,
  change: { channel?: number; channelBandwidth?: number },
): ChannelChangeRefusal | null {
  const channel = change.channel ?? radio.channel;
  const bandwidth = change.channelBandwidth ?? radio.channelBandwidth ?? 20;
  const available =
    radio.availableChannels.length > 0
      ? radio.availableChannels
      : radio.freqBand
        ? bandChannels[radio.freqBand]
        : [];
  if (change.channel !== undefined && change.channel !== 0) {
    if (radio.freqBand && !bandChannels[radio.freqBand].includes(change.channel))
      return 'DEVICE_ACTION.CHANNEL_OUTSIDE_BAND';
    if (!available.includes(change.channel)) return 'DEVICE_ACTION.CHANNEL_NOT_AVAILABLE';
  }
  if (
    change.channelBandwidth !== undefined &&
    !allowedChannelBandwidths(radio.freqBand, radio.standard).includes(change.channelBandwidth)
  )
    return 'DEVICE_ACTION.BANDWIDTH_NOT_ALLOWED';
  // Auto picks a channel that fits; a fixed one needs its whole block, every channel usable.
  if (channel > 0) {
    const block = blockChannels(radio.freqBand, channel, bandwidth);
    if (!block || block.some((member) => !available.includes(member)))
      return 'DEVICE_ACTION.CHANNEL_BANDWIDTH_MISMATCH';
  }
  return null;
}

/**
 * The 20 MHz channels `channel` uses at `bandwidthMhz` (itself at 20 MHz; with its side channel
 * at 40 on 2.4 GHz; the aligned block on 5 and 6 GHz), or null when no such block exists.
 */
export function blockChannels(
  band: FreqBand | null,
  channel: number,
  bandwidthMhz: number,
): number[] | null {
  const { centerChannel, sideChannel } = channelLayout(band, channel, bandwidthMhz);
  if (centerChannel === null) return null;
  if (bandwidthMhz <= 20) return [channel];
  if (band === '2.4GHz')
    return sideChannel === null ? null : [channel, sideChannel].sort((a, b) => a - b);
  const halfWidth = (bandwidthMhz / 20 - 1) * 2;
  return Array.from(
    { length: bandwidthMhz / 20 },
    (_, index) => centerChannel - halfWidth + index * 4,
  );
}

/**
 * The x axis of the site survey chart: the channel numbers it has a slot for, in order, null for
 * a gap between two 5 GHz sub-bands. 2.4 GHz runs from -1 to 15 so that a 20 MHz network on
 * channel 1 or 14 shows whole (17 slots). 5 GHz has a slot every 2 channel numbers, half a
 * 20 MHz channel, so that 40 and 80 MHz centres (38, 42…) have one: 36–48 and 149–165 with a gap
 * between (17 slots), or with the DFS channels, 36–64, 100–144 and 149–165 (49 slots). The seed
 * gives the 17 and 49; docs/decisions/018 says how they are read.
 */
export function surveySlots(band: FreqBand, withDfs: boolean): (number | null)[] {
  const run = (from: number, to: number) =>
    Array.from({ length: (to - from) / 2 + 1 }, (_, index) => from + index * 2);
  if (band === '2.4GHz') return Array.from({ length: 17 }, (_, index) => index - 1);
  if (band === '6GHz') return run(1, 233);
  return withDfs
    ? [...run(36, 64), null, ...run(100, 144), null, ...run(149, 165)]
    : [...run(36, 48), null, ...run(149, 165)];
}
