import {
  blockChannels,
  channelLayout,
  cleanSsid,
  type FreqBand,
  isDfsChannel,
  type RecommendedChannel,
  type SiteSurveyEntry,
  surveySlots,
  type WifiRadio,
} from '@linesight/contract';
import { deviceColour } from '../../components/charts/chart-colours';
import type { ChartMarker, ChartSeries } from '../../components/charts/chart-types';

/**
 * The site survey chart (docs/decisions/018): x is a slot of the contract's `surveySlots` (a
 * channel number, or a gap between two 5 GHz sub-bands), y the signal in dBm. Each neighbour is a
 * hump over the 20 MHz channels it uses (`blockChannels`), peaking at its RSSI in the block's
 * centre and meeting the floor half a 20 MHz channel (2 channel numbers) beyond each side.
 */

/** The bottom of the chart: about the noise floor a WiFi radio hears under. */
export const surveyFloorDbm = -100;

/** Channel numbers from a block's outer channel to where its hump meets the floor. */
const humpEdge = 2;

/** The bands the screen offers (seed 001 section 2). */
export const surveyBands = ['2.4GHz', '5GHz'] as const satisfies readonly FreqBand[];
export type SurveyBand = (typeof surveyBands)[number];

/** A band's rows of the survey, the gateway's own first. */
export function bandEntries(
  entries: readonly SiteSurveyEntry[],
  band: SurveyBand,
): SiteSurveyEntry[] {
  return entries
    .filter((entry) => entry.freqBand === band)
    .sort((a, b) => Number(b.client) - Number(a.client));
}

/** The 20 MHz channels a row uses: its block, or its centre alone when it has none. */
function entryChannels(band: SurveyBand, entry: SiteSurveyEntry): number[] | null {
  if (entry.channel !== null && entry.channel > 0) {
    const block = blockChannels(band, entry.channel, entry.channelBandwidth ?? 20);
    if (block) return block;
  }
  return entry.centerChannel !== null && entry.centerChannel > 0 ? [entry.centerChannel] : null;
}

/**
 * Whether 5 GHz shows its DFS channels (49 slots, not 17): when the gateway's radio may use one,
 * or a network in the survey (a neighbour or the gateway's own) is on one.
 */
export function showsDfs(
  band: SurveyBand,
  radio: Pick<WifiRadio, 'availableChannels'> | null,
  entries: readonly SiteSurveyEntry[],
): boolean {
  if (band !== '5GHz') return false;
  if (radio?.availableChannels.some(isDfsChannel)) return true;
  return entries.some((entry) => entryChannels(band, entry)?.some(isDfsChannel));
}

/**
 * Where a channel sits on the axis: its slot, or between the two slots around it (an odd centre
 * on 5 GHz cannot happen, but a position is never guessed across a gap); null off the axis.
 */
export function slotPosition(slots: readonly (number | null)[], channel: number): number | null {
  const exact = slots.indexOf(channel);
  if (exact >= 0) return exact;
  for (let index = 0; index < slots.length - 1; index++) {
    const low = slots[index];
    const high = slots[index + 1];
    if (low == null || high == null || channel < low || channel > high) continue;
    return index + (channel - low) / (high - low);
  }
  return null;
}

/**
 * One network's hump over the slots: its RSSI at the centre of its block, a quarter cosine down
 * to the floor `humpEdge` channel numbers beyond the block's outer channels; null elsewhere and
 * at gaps. A wide block is a wide hump, so overlapping neighbours stay apart by their peaks.
 */
export function networkHump(
  slots: readonly (number | null)[],
  block: readonly number[],
  rssi: number,
  floor: number,
): (number | null)[] {
  const first = Math.min(...block);
  const last = Math.max(...block);
  const centre = (first + last) / 2;
  const halfWidth = (last - first) / 2 + humpEdge;
  return slots.map((channel) => {
    if (channel === null) return null;
    const distance = Math.abs(channel - centre);
    if (distance > halfWidth) return null;
    return floor + (rssi - floor) * Math.cos((Math.PI / 2) * (distance / halfWidth));
  });
}

/** The floor of a survey: -100 dBm, or lower in steps of 10 when a network is heard under it. */
export function surveyFloor(entries: readonly SiteSurveyEntry[]): number {
  const weakest = Math.min(
    ...entries.flatMap((entry) => (entry.rssi === null ? [] : [entry.rssi])),
  );
  return Number.isFinite(weakest) && weakest - 10 < surveyFloorDbm
    ? Math.floor((weakest - 10) / 10) * 10
    : surveyFloorDbm;
}

export interface SurveyChartData {
  /** The channel of each x (slot index); null at a gap. */
  slots: (number | null)[];
  x: number[];
  series: ChartSeries[];
  floor: number;
  /** The top of the y axis: 10 dB and more above the strongest, room for the markers' labels. */
  ceiling: number;
}

/** 10 dB or more above the strongest network, on a multiple of 10, never above 0 dBm. */
export function surveyCeiling(entries: readonly SiteSurveyEntry[]): number {
  const strongest = Math.max(
    ...entries.flatMap((entry) => (entry.rssi === null ? [] : [entry.rssi])),
  );
  if (!Number.isFinite(strongest)) return surveyFloorDbm + 60;
  return Math.min(0, Math.ceil((strongest + 10) / 10) * 10);
}

/** The neighbours of one band as humps, in the table's order, each in a device colour. */
export function surveyChart(
  band: SurveyBand,
  entries: readonly SiteSurveyEntry[],
  withDfs: boolean,
): SurveyChartData {
  const slots = surveySlots(band, withDfs);
  const floor = surveyFloor(entries);
  const series: ChartSeries[] = [];
  for (const entry of entries) {
    const block = entryChannels(band, entry);
    if (entry.client || entry.rssi === null || !block) continue;
    const colour = deviceColour(series.length);
    series.push({
      key: `${entry.bssid ?? entry.ssid ?? ''}#${series.length}`,
      name: cleanSsid(entry.ssid),
      colour,
      unit: 'dBm',
      values: networkHump(slots, block, entry.rssi, floor),
      spline: true,
      fill: `${colour}1f`,
    });
  }
  return {
    slots,
    x: slots.map((_, index) => index),
    series,
    floor,
    ceiling: surveyCeiling(entries),
  };
}

/** What a slot's tick and the legend call it: its channel, nothing at a gap or off the band. */
export function slotLabel(
  band: SurveyBand,
  slots: readonly (number | null)[],
  slot: number,
): string {
  const channel = Number.isInteger(slot) ? slots[slot] : undefined;
  if (channel === undefined || channel === null) return '';
  if (band === '2.4GHz' && (channel < 1 || channel > 14)) return '';
  return String(channel);
}

/**
 * The tick steps of a band's axis in slots: every channel on 2.4 GHz; every 20 MHz channel
 * (2 slots) at least on 5 GHz, so the ticks fall on 36, 40, 44… rather than on half channels.
 */
export function slotIncrements(band: SurveyBand): number[] {
  return band === '2.4GHz' ? [1, 2, 4] : [2, 4, 8, 16];
}

/** The centre channel of `channel` at the radio's bandwidth; the channel itself otherwise. */
export function centreAt(band: SurveyBand, channel: number, bandwidth: number | null): number {
  return channelLayout(band, channel, bandwidth).centerChannel ?? channel;
}

/** A band's recommended channel, if the server gave one. */
export function recommendedFor(
  recommended: readonly RecommendedChannel[],
  band: SurveyBand,
): number | null {
  return recommended.find((entry) => entry.freqBand === band)?.channel ?? null;
}

/**
 * The chart's vertical lines: where the gateway's radio is (the centre it reports, which on Auto
 * is the one it picked) and the Recommended Channel, centred at the radio's bandwidth too, where
 * the radio would sit once moved there.
 */
export function surveyMarkers(
  band: SurveyBand,
  slots: readonly (number | null)[],
  radio: Pick<WifiRadio, 'channel' | 'centerChannel' | 'channelBandwidth'> | null,
  recommended: number | null,
  style: { current: Omit<ChartMarker, 'x'>; recommended: Omit<ChartMarker, 'x'> },
): ChartMarker[] {
  const bandwidth = radio?.channelBandwidth ?? null;
  const markers: ChartMarker[] = [];
  const currentCentre =
    radio?.centerChannel ??
    (radio && radio.channel > 0 ? centreAt(band, radio.channel, bandwidth) : null);
  const current = currentCentre === null ? null : slotPosition(slots, currentCentre);
  if (current !== null) markers.push({ ...style.current, x: current });
  const best =
    recommended === null ? null : slotPosition(slots, centreAt(band, recommended, bandwidth));
  if (best !== null) markers.push({ ...style.recommended, x: best });
  return markers;
}

const bandGigahertz: Record<SurveyBand, number> = { '2.4GHz': 2.4, '5GHz': 5 };

/** A band as its reader writes it: `2.4 GHz`, `2,4 GHz` (units are not translated). */
export function bandLabel(band: SurveyBand, language: string): string {
  return `${new Intl.NumberFormat(language).format(bandGigahertz[band])} GHz`;
}
