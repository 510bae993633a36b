import type { DocsisLineProfile } from './profile';
import type { Random } from './random';

/**
 * The cable modem's spectrum analysis (TR-181 `Device.DOCSIS.SpectrumAnalysis`): segments
 * across the upstream band (5 to 85 MHz) and across the downstream channels with a little
 * unused spectrum either side, each a list of bin amplitudes. The channels stand as plateaus at
 * their power, empty spectrum sits near -47 dBmV, rising towards 5 MHz where ingress gets in.
 */

export interface SpectrumSegment {
  /** The segment's centre, Hz. */
  frequencyHz: number;
  /** Hundredths of dBmV, one per bin, lowest frequency first. */
  amplitudes: number[];
}

export interface SpectrumReading {
  segmentSpanHz: number;
  binsPerSegment: number;
  segments: SpectrumSegment[];
}

/** What the channels measure now, in TR-181's tenths of dBmV. */
export interface ChannelLevels {
  downstreamPower: readonly number[];
  upstreamTxPower: readonly number[];
}

const upstreamBandHz = { low: 5_000_000, high: 85_000_000 };
/** Unused segments measured below the first downstream channel and above the last. */
const marginSegments = 2;
const noiseFloorDbmv = -47;
/**
 * The modem hears the upstream bursts on its node through its diplexer, far below the level
 * they leave at.
 */
const upstreamIsolationDb = 45;

export function spectrumAt(
  line: DocsisLineProfile,
  levels: ChannelLevels,
  random: Random,
): SpectrumReading {
  const { segmentSpanHz, binsPerSegment } = line.spectrum;
  const binHz = segmentSpanHz / binsPerSegment;
  return {
    segmentSpanHz,
    binsPerSegment,
    segments: segmentCentres(line).map((frequencyHz) => ({
      frequencyHz,
      amplitudes: Array.from({ length: binsPerSegment }, (_, bin) => {
        const binCentre = frequencyHz - segmentSpanHz / 2 + (bin + 0.5) * binHz;
        return Math.round(levelAt(line, levels, binCentre, binHz, random) * 100);
      }),
    })),
  };
}

function segmentCentres(line: DocsisLineProfile): number[] {
  const span = line.spectrum.segmentSpanHz;
  const centres: number[] = [];
  for (let low = upstreamBandHz.low; low < upstreamBandHz.high; low += span) {
    centres.push(low + span / 2);
  }
  const first = line.downstream[0];
  const last = line.downstream.at(-1);
  if (!first || !last) return centres;
  const high = last.frequencyHz + last.widthHz / 2 + marginSegments * span;
  for (
    let low = first.frequencyHz - first.widthHz / 2 - marginSegments * span;
    low < high;
    low += span
  ) {
    centres.push(low + span / 2);
  }
  return centres;
}

/** dBmV in the bin centred on `frequencyHz`. */
function levelAt(
  line: DocsisLineProfile,
  levels: ChannelLevels,
  frequencyHz: number,
  binHz: number,
  random: Random,
): number {
  const within = (channel: { frequencyHz: number; widthHz: number }): number =>
    channel.widthHz / 2 - Math.abs(frequencyHz - channel.frequencyHz);
  const downstream = line.downstream.findIndex((channel) => within(channel) > 0);
  const downstreamChannel = line.downstream[downstream];
  if (downstreamChannel) {
    // The channel's shoulders roll off in the last quarter-megahertz.
    const shoulder = within(downstreamChannel) < 250_000 ? 3 : 0;
    const power = (levels.downstreamPower[downstream] ?? 0) / 10;
    return power - shoulder + random.normal(0, 0.4);
  }
  const upstream = line.upstream.findIndex((channel) => within(channel) > 0);
  if (upstream >= 0) {
    const txPower = (levels.upstreamTxPower[upstream] ?? 0) / 10;
    return txPower - upstreamIsolationDb + random.normal(0, 1.5);
  }
  const megahertz = frequencyHz / 1e6;
  const ingressRise = Math.max(0, (20 - megahertz) / 15) * 12;
  const floor = noiseFloorDbmv + ingressRise + random.normal(0, 1.2);
  const carrier = line.spectrum.ingress.find(
    (ingress) => Math.abs(ingress.frequencyHz - frequencyHz) < binHz,
  );
  return carrier ? Math.max(floor, carrier.level + random.normal(0, 1)) : floor;
}
