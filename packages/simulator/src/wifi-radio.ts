import { allowedChannelBandwidths } from '@linesight/contract';
import type { WifiStandard } from './catalog';
import type { RadioProfile } from './profile';

/**
 * What WiFi radios can do: PHY rates by standard and channel width, the widths a radio's
 * standards allow and the channels it may use. The fleet draws link rates from it; commands
 * check against it.
 */

/** Top PHY rate per spatial stream, kbps, by standard and channel width (short guard interval). */
const ratePerStreamKbps: Record<WifiStandard, Partial<Record<number, number>>> = {
  n: { 20: 72_200, 40: 150_000 },
  ac: { 20: 86_700, 40: 200_000, 80: 433_300, 160: 866_700 },
  ax: { 20: 143_400, 40: 286_800, 80: 600_500, 160: 1_201_000 },
};

/** "80MHz" → 80. */
export function widthMHz(bandwidth: string): number {
  return Number.parseInt(bandwidth, 10);
}

/** A host's best PHY rate: the widest channel both it and the radio can use (n stops at 40 MHz). */
export function maxLinkRateKbps(
  standard: WifiStandard,
  radioBandwidth: string,
  streams: number,
): number {
  const rates = ratePerStreamKbps[standard];
  const usable = [160, 80, 40, 20].find(
    (width) => width <= widthMHz(radioBandwidth) && rates[width] !== undefined,
  );
  return (rates[usable ?? 20] ?? 72_200) * streams;
}

/**
 * Channel widths, MHz, the radio's best standard allows: the portal's own rule
 * (`allowedChannelBandwidths`: 802.11ax 20 to 160, ac 20 to 80, n 20 or 40, a/b/g 20, 2.4 GHz
 * 40 at most), so a gateway refuses nothing the portal's form offers.
 */
export function allowedBandwidths(radio: RadioProfile): number[] {
  return allowedChannelBandwidths(radio.band, radio.standards);
}

/** TR-181 `PossibleChannels` ("1-11", "36,40,44" or both mixed) as a list. */
export function possibleChannels(radio: RadioProfile): number[] {
  return radio.possibleChannels.split(',').flatMap((part) => {
    const [from = Number.NaN, to = from] = part.split('-').map(Number);
    return Array.from({ length: Math.max(0, to - from + 1) }, (_, offset) => from + offset);
  });
}
