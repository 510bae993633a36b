import { type SpectrumEntry, unitScale, type WanStats } from '@linesight/contract';
import { deviceColour } from '../../components/charts/chart-colours';
import type { ChartSeries, Direction } from '../../components/charts/chart-types';

/**
 * What the WAN statistics charts draw from the API's answer (decision 020): the units the seed's
 * client shows (seed 001 section 9), one line per DSL line and measure or per DOCSIS channel,
 * and the spectrum's bins placed on a frequency axis.
 */

/** Seed 001 section 9: the gateway and WAN charts are 285 px high. */
export const wanChartHeight = 285;

export type DslStats = Extract<WanStats, { kind: 'dsl' }>;
export type DocsisStats = Extract<WanStats, { kind: 'docsis' }>;
type DslDirectionSeries = DslStats['timeseries']['lines'][string]['downstream'];
export type DslMeasure = keyof DslDirectionSeries;

/** kbps → Mbps: the seed's rates are shown ÷1000. */
export function kbpsToMbps(kbps: number): number {
  return kbps / unitScale;
}

/** Hz → MHz (seed 001 section 9). */
export function hzToMhz(hz: number): number {
  return hz / 1e6;
}

/** A frequency in MHz, to the kilohertz (channel centres such as 602.75 MHz), grouped per language. */
export function formatMhz(language: string, mhz: number | null): string {
  if (mhz === null) return '–';
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(mhz);
}

/** Symbols per second → kilosymbols per second, as cable modems list upstream channels. */
export function symbolRateToKsyms(symbolsPerSecond: number): number {
  return symbolsPerSecond / unitScale;
}

/** The spectrum's amplitudes come in hundredths of dBmV (seed 001 section 9: ÷100). */
export function spectrumAmplitude(hundredths: number): number {
  return hundredths / 100;
}

export interface PlotData {
  x: number[];
  series: ChartSeries[];
}

/** The epoch ms of each bucket of a series that starts at `startTime`. */
export function bucketTimes(startTime: number, intervalMinutes: number, length: number): number[] {
  return Array.from({ length }, (_, index) => startTime + index * intervalMinutes * 60_000);
}

export interface MeasureDrawing {
  measure: DslMeasure;
  /** The legend's name of the measure on a line. */
  name: (line: string) => string;
  unit: string;
  /** From the API's unit to the one shown. */
  scale?: (value: number) => number;
  /** Off at first; the user turns it on in the legend. */
  hidden?: boolean;
}

/**
 * One series per DSL line (`Device.DSL.Line.{i}`) and measure, in the direction chosen. The
 * key stays the same when the direction changes, so a series the user hid stays hidden.
 */
export function dslChart(
  timeseries: DslStats['timeseries'],
  direction: Direction,
  measures: readonly MeasureDrawing[],
): PlotData {
  const lines = Object.entries(timeseries.lines).sort(
    ([left], [right]) => Number(left) - Number(right),
  );
  const length = Math.max(
    0,
    ...lines.flatMap(([, series]) =>
      measures.map(({ measure }) => series[direction][measure].length),
    ),
  );
  const series: ChartSeries[] = [];
  for (const [line, perDirection] of lines) {
    for (const drawing of measures) {
      const scale = drawing.scale ?? ((value: number) => value);
      series.push({
        key: `${drawing.measure}:${line}`,
        name: drawing.name(line),
        colour: deviceColour(series.length),
        unit: drawing.unit,
        values: perDirection[direction][drawing.measure].map((value) =>
          value === null ? null : scale(value),
        ),
        hidden: drawing.hidden,
      });
    }
  }
  return {
    x: bucketTimes(timeseries.startTime, timeseries.intervalMinutes, length),
    series,
  };
}

/**
 * DOCSIS channels over time: SNR (dB) per downstream channel, symbol rate (ksym/s) per upstream
 * channel (seed 001 section 4).
 */
export function docsisChart(
  timeseries: DocsisStats['timeseries'],
  direction: Direction,
  name: (channelId: number) => string,
  unit: string,
): PlotData {
  const { dsSnrSeries, usSymbolRateSeries } = timeseries.channelSeries;
  const channels = direction === 'downstream' ? dsSnrSeries : usSymbolRateSeries;
  const scale = direction === 'downstream' ? (value: number) => value : symbolRateToKsyms;
  const series = channels.map((channel, index): ChartSeries => ({
    key: `${direction}:${channel.channelId}`,
    name: name(channel.channelId),
    colour: deviceColour(index),
    unit,
    values: channel.data.map((value) => (value === null ? null : scale(value))),
  }));
  const length = Math.max(0, ...channels.map((channel) => channel.data.length));
  return { x: bucketTimes(timeseries.startTime, timeseries.intervalMinutes, length), series };
}

export const spectrumGroups = ['downstream', 'upstream', 'unknown'] as const;
export type SpectrumGroup = (typeof spectrumGroups)[number];

/** A choice of the frequency selector: one measured segment (seed 001 section 3). */
export interface SpectrumOption {
  seriesId: string;
  centreHz: number;
  channelNumber: number | null;
}

/** A segment's id in the selector: its centre frequency, which no two segments share. */
export function spectrumSeriesId(entry: SpectrumEntry): string {
  return String(entry.segmentCenterFrequency);
}

/**
 * The selector's groups, Downstream, Upstream then Unknown (segments no channel holds), each by
 * frequency; empty groups are left out.
 */
export function spectrumOptions(
  entries: readonly SpectrumEntry[],
): { group: SpectrumGroup; options: SpectrumOption[] }[] {
  return spectrumGroups
    .map((group) => ({
      group,
      options: entries
        .filter((entry) => entry.downstreamOrUpstream === group)
        .sort((left, right) => left.segmentCenterFrequency - right.segmentCenterFrequency)
        .map((entry) => ({
          seriesId: spectrumSeriesId(entry),
          centreHz: entry.segmentCenterFrequency,
          channelNumber: entry.channelNumber,
        })),
    }))
    .filter(({ options }) => options.length > 0);
}

/** The segment shown first: the first downstream one (where the modem's service is), else any. */
export function firstSpectrumSeriesId(entries: readonly SpectrumEntry[]): string | null {
  const first = spectrumOptions(entries)[0]?.options[0];
  return first ? first.seriesId : null;
}

/**
 * A segment's bins on a frequency axis (MHz, ascending) with their amplitudes in dBmV. Bin `i`
 * of `n` across a segment of span `s` centred on `c` is centred on `c − s/2 + (i + ½)·s/n`.
 * A gateway that did not give the span (`measurementFrequencySpan` null) is taken to cut the
 * band into back-to-back segments: the span is the distance to the nearest other segment.
 */
export function spectrumBins(
  entry: SpectrumEntry,
  entries: readonly SpectrumEntry[],
): { x: number[]; values: number[] } {
  const span = entry.measurementFrequencySpan ?? neighbourDistance(entry, entries);
  const bins = entry.amplitudeData.length;
  const binHz = bins === 0 ? 0 : span / bins;
  return {
    x: entry.amplitudeData.map((_, bin) =>
      hzToMhz(entry.segmentCenterFrequency - span / 2 + (bin + 0.5) * binHz),
    ),
    values: entry.amplitudeData.map(spectrumAmplitude),
  };
}

function neighbourDistance(entry: SpectrumEntry, entries: readonly SpectrumEntry[]): number {
  const distances = entries
    .map((other) => Math.abs(other.segmentCenterFrequency - entry.segmentCenterFrequency))
    .filter((distance) => distance > 0);
  return distances.length === 0 ? 0 : Math.min(...distances);
}
