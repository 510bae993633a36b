import type { ParameterValue } from './report-format';
import {
  type Direction,
  directions,
  type DocsisChannels,
  type DocsisDownstreamChannel,
  type DocsisUpstreamChannel,
  type DslLine,
  type SpectrumEntry,
} from '../telemetry/canonical-model';
import { booleanOf, numberOf, tableRows, textOf } from './normalise';

/**
 * Normalisers for the WAN line: DSL lines with their channels, DOCSIS channels and the DOCSIS
 * spectrum analysis. Shapes follow seed 001 section 3 (wanStats, timeseries, spectrum); units
 * are TR-181's (tenths of dB and dBmV, kbps, Hz), which the portal converts for display.
 */

type Parameters = Map<string, ParameterValue>;
type Row = Map<string, ParameterValue>;

type PerDirection<T> = Record<Direction, T>;

/**
 * TR-181 names a DSL direction three ways: `Downstream…`/`Upstream…` prefixes, `…ds`/`…us`
 * suffixes, and the receiving end (`XTUR…`, the subscriber's modem, receives downstream).
 */
const spelling: PerDirection<{ prefix: string; suffix: string; receiver: string }> = {
  downstream: { prefix: 'Downstream', suffix: 'ds', receiver: 'XTUR' },
  upstream: { prefix: 'Upstream', suffix: 'us', receiver: 'XTUC' },
};

/** `{ downstream: f('downstream'), upstream: f('upstream') }`. */
function perDirection<T>(read: (direction: Direction) => T): PerDirection<T> {
  return { downstream: read('downstream'), upstream: read('upstream') };
}

/** The channel carrying a line: its `LowerLayers` names the line; else the same instance. */
function channelOf(parameters: Parameters, line: string): Row | undefined {
  const channels = tableRows(parameters, 'Device.DSL.Channel.');
  for (const channel of channels.values()) {
    const lower = textOf(channel.get('LowerLayers'))?.replace(/\.$/, '');
    if (lower === `Device.DSL.Line.${line}`) return channel;
  }
  return channels.get(line);
}

function dslLineOf(instance: string, line: Row, channel: Row | undefined): DslLine {
  const onChannel = (field: string) => channel?.get(field);
  const ginp = perDirection((direction) => {
    const { suffix } = spelling[direction];
    return {
      rtxc: numberOf(onChannel(`X_LINESIGHT_RtxC${suffix}`)),
      rtxuc: numberOf(onChannel(`X_LINESIGHT_RtxUC${suffix}`)),
    };
  });
  const retransmitting = (direction: Direction) =>
    ginp[direction].rtxc !== null || ginp[direction].rtxuc !== null;
  return {
    line: Number(instance),
    status: {
      status: textOf(line.get('Status')),
      standard: textOf(line.get('StandardUsed')),
      trafficType: textOf(onChannel('LinkEncapsulationUsed')),
      linkPowerState: textOf(line.get('PowerManagementState')),
      retrains: numberOf(line.get('X_LINESIGHT_Retrains')),
    },
    stats: perDirection((direction) => {
      const { prefix, suffix } = spelling[direction];
      const trellis = numberOf(line.get(`TRELLIS${suffix}`));
      return {
        trellis: trellis === null ? null : trellis > 0,
        phyr: booleanOf(line.get(`X_LINESIGHT_PhyR${suffix}`)),
        ginp: retransmitting(direction),
        snr: numberOf(line.get(`${prefix}NoiseMargin`)),
        attenuation: numberOf(line.get(`${prefix}Attenuation`)),
        power: numberOf(line.get(`${prefix}Power`)),
        attainRate: numberOf(line.get(`${prefix}MaxBitRate`)),
        currentRate: numberOf(onChannel(`${prefix}CurrRate`)),
        retransmission: retransmitting(direction),
      };
    }),
    ginp,
    errors: perDirection((direction) => {
      const { receiver } = spelling[direction];
      // Errored seconds are counted at the near end, the subscriber's modem: downstream.
      const nearEnd = direction === 'downstream';
      return {
        frames: null,
        frameErrors: numberOf(onChannel(`Stats.Total.${receiver}CRCErrors`)),
        bitErrors: null,
        hecErrors: numberOf(onChannel(`Stats.Total.${receiver}HECErrors`)),
        erroredSecs: nearEnd ? numberOf(line.get('Stats.Total.ErroredSecs')) : null,
        ses: nearEnd ? numberOf(line.get('Stats.Total.SeverelyErroredSecs')) : null,
        rsCorr: numberOf(onChannel(`Stats.Total.${receiver}FECErrors`)),
        rsUncorr: null,
      };
    }),
    lastChangeSeconds: numberOf(line.get('LastChange')),
  };
}

/** Every DSL line a report carries, with the channel that rides on it. */
export function dslLinesOf(parameters: Parameters): DslLine[] {
  return [...tableRows(parameters, 'Device.DSL.Line.')]
    .map(([instance, line]) => dslLineOf(instance, line, channelOf(parameters, instance)))
    .sort((a, b) => a.line - b.line);
}

/** The gauges of a DSL line as `dsl.{line}.{name}.{direction}` series values. */
export function dslGauges(line: DslLine): [series: string, value: number][] {
  const gauges: [string, number][] = [];
  for (const direction of directions) {
    const stats = line.stats[direction];
    const values = {
      snr: stats.snr,
      attenuation: stats.attenuation,
      power: stats.power,
      attainableRate: stats.attainRate,
      currentRate: stats.currentRate,
    };
    for (const [name, value] of Object.entries(values)) {
      if (value !== null) gauges.push([`dsl.${line.line}.${name}.${direction}`, value]);
    }
  }
  return gauges;
}

/** The G.INP counters of a DSL line as `dsl.{line}.ginpRtxc.{direction}` counter values. */
export function dslCounters(line: DslLine): [series: string, value: number][] {
  const counters: [string, number][] = [];
  for (const direction of directions) {
    const { rtxc, rtxuc } = line.ginp[direction];
    if (rtxc !== null) counters.push([`dsl.${line.line}.ginpRtxc.${direction}`, rtxc]);
    if (rtxuc !== null) counters.push([`dsl.${line.line}.ginpRtxuc.${direction}`, rtxuc]);
  }
  return counters;
}

/**
 * The DOCSIS channel tables, or null when the report has none. TR-181 has no upstream symbol
 * rate: `X_LINESIGHT_SymbolRate` when the gateway gives it, else Width / 1.25, the DOCSIS
 * ratio of channel width to symbol rate (a 6.4 MHz channel carries 5.12 Msym/s).
 */
export function docsisChannelsOf(parameters: Parameters): DocsisChannels | null {
  const downstream = [...tableRows(parameters, 'Device.DOCSIS.DownstreamChannel.')].map(
    ([instance, channel]): DocsisDownstreamChannel => ({
      channelNumber: Number(instance),
      channelId: numberOf(channel.get('ID')),
      modulation: textOf(channel.get('Modulation')),
      frequency: numberOf(channel.get('Frequency')),
      width: numberOf(channel.get('Width')),
      power: numberOf(channel.get('Power')),
      snr: numberOf(channel.get('SignalQuality.SignalNoise')),
      totalCorrectableErrors: numberOf(channel.get('SignalQuality.ExtCorrecteds')),
      totalUncorrectableErrors: numberOf(channel.get('SignalQuality.ExtUncorrectables')),
    }),
  );
  const upstream = [...tableRows(parameters, 'Device.DOCSIS.UpstreamChannel.')].map(
    ([instance, channel]): DocsisUpstreamChannel => {
      const width = numberOf(channel.get('Width'));
      return {
        channelNumber: Number(instance),
        channelId: numberOf(channel.get('ID')),
        modulation: textOf(channel.get('Status.ModulationType')),
        frequency: numberOf(channel.get('Frequency')),
        width,
        power: numberOf(channel.get('Status.TxPower')),
        symbolRate:
          numberOf(channel.get('X_LINESIGHT_SymbolRate')) ??
          (width === null ? null : Math.round(width / 1.25)),
      };
    },
  );
  if (downstream.length === 0 && upstream.length === 0) return null;
  const byNumber = (a: { channelNumber: number }, b: { channelNumber: number }) =>
    a.channelNumber - b.channelNumber;
  return { dsChannelStats: downstream.sort(byNumber), usChannelStats: upstream.sort(byNumber) };
}

/** Downstream SNR per channel and upstream symbol rate per channel, keyed by channel ID. */
export function docsisGauges(channels: DocsisChannels): [series: string, value: number][] {
  const gauges: [string, number][] = [];
  for (const channel of channels.dsChannelStats) {
    const id = channel.channelId ?? channel.channelNumber;
    if (channel.snr !== null) gauges.push([`docsis.ds.${id}.snr`, channel.snr]);
  }
  for (const channel of channels.usChannelStats) {
    const id = channel.channelId ?? channel.channelNumber;
    if (channel.symbolRate !== null)
      gauges.push([`docsis.us.${id}.symbolRate`, channel.symbolRate]);
  }
  return gauges;
}

/** The amplitude list: comma-separated integers (hundredths of dBmV). */
function amplitudesOf(value: ParameterValue | undefined): number[] {
  return (textOf(value) ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((amplitude) => Number.isFinite(amplitude))
    .slice(0, 4096);
}

/** Which channel's band `[Frequency − Width/2, Frequency + Width/2)` holds `frequency`. */
function channelAt<Channel extends { frequency: number | null; width: number | null }>(
  channels: Channel[],
  frequency: number,
): Channel | undefined {
  return channels.find(
    ({ frequency: centre, width }) =>
      centre !== null &&
      width !== null &&
      frequency >= centre - width / 2 &&
      frequency < centre + width / 2,
  );
}

/**
 * The DOCSIS spectrum analysis, or null when the report has none. Each segment is classed
 * downstream or upstream by the channel whose band holds its centre, else unknown.
 */
export function spectrumOf(
  parameters: Parameters,
  channels: DocsisChannels | null,
): SpectrumEntry[] | null {
  const results = tableRows(parameters, 'Device.DOCSIS.SpectrumAnalysis.Result.');
  if (results.size === 0) return null;
  const span = numberOf(parameters.get('Device.DOCSIS.SpectrumAnalysis.SegmentFrequencySpan'));
  const entries: SpectrumEntry[] = [];
  for (const result of results.values()) {
    const frequency = numberOf(result.get('Frequency'));
    if (frequency === null) continue;
    const downstream = channelAt(channels?.dsChannelStats ?? [], frequency);
    const upstream = downstream ? undefined : channelAt(channels?.usChannelStats ?? [], frequency);
    entries.push({
      segmentCenterFrequency: frequency,
      measurementFrequencySpan: span,
      channelNumber: (downstream ?? upstream)?.channelId ?? null,
      downstreamOrUpstream: downstream ? 'downstream' : upstream ? 'upstream' : 'unknown',
      amplitudeData: amplitudesOf(result.get('AmplitudeData')),
    });
  }
  return entries.sort((a, b) => a.segmentCenterFrequency - b.segmentCenterFrequency);
}
