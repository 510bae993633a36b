import type { FreqBand } from './monitoring';

/**
 * Where a WiFi channel sits at a bandwidth wider than 20 MHz: the centre channel of the block of
 * 20 MHz channels it uses, and for 40 MHz the secondary (side) channel. The WiFi settings and
 * the site survey's channel form both show these, so both sides compute them here.
 *
 * - 2.4 GHz: a 40 MHz channel pairs the primary with the channel 4 above it (channels 1–7) or
 *   4 below (8–13); nothing wider exists there.
 * - 5 GHz: 20 MHz channels every 4 from 36; bonded blocks are fixed, aligned within the bands
 *   36–64, 100–144 and 149–177 (40 MHz: 36+40, 44+48…; 80 MHz: 36–48, 52–64, 100–112…;
 *   160 MHz: 36–64, 100–128, 149–177). A block that would leave its band does not exist.
 * - 6 GHz: 20 MHz channels 1, 5, 9…; blocks aligned from channel 1 (40 MHz: 1+5, 9+13…).
 */
export interface ChannelLayout {
  /** The centre of the block; the channel itself at 20 MHz; null when the block cannot exist. */
  centerChannel: number | null;
  /** The other 20 MHz channel of a 40 MHz pair; null at any other bandwidth. */
  sideChannel: number | null;
}

const fiveGhzBands = [
  { first: 36, last: 64 },
  { first: 100, last: 144 },
  { first: 149, last: 177 },
] as const;

/** The first and last 20 MHz channels of the aligned block of `width` channel numbers. */
function alignedBlock(
  channel: number,
  first: number,
  last: number,
  width: number,
): { start: number; end: number } | null {
  if (channel < first || channel > last || (channel - first) % 4 !== 0) return null;
  const start = first + Math.floor((channel - first) / width) * width;
  const end = start + width - 4;
  return end <= last ? { start, end } : null;
}

function layoutOfBlock(
  channel: number,
  block: { start: number; end: number } | null,
  bandwidth: number,
): ChannelLayout {
  if (!block) return { centerChannel: null, sideChannel: null };
  return {
    centerChannel: (block.start + block.end) / 2,
    sideChannel: bandwidth === 40 ? (channel === block.start ? block.end : block.start) : null,
  };
}

/** The centre and side channel of `channel` at `bandwidthMhz` on `band`. */
export function channelLayout(
  band: FreqBand | null,
  channel: number,
  bandwidthMhz: number | null,
): ChannelLayout {
  if (channel <= 0) return { centerChannel: null, sideChannel: null };
  if (bandwidthMhz === null || bandwidthMhz <= 20)
    return { centerChannel: channel, sideChannel: null };
  // 20 MHz is 4 channel numbers on every band.
  const width = (bandwidthMhz / 20) * 4;
  switch (band) {
    case '2.4GHz': {
      if (bandwidthMhz !== 40 || channel > 13) return { centerChannel: null, sideChannel: null };
      const sideChannel = channel <= 7 ? channel + 4 : channel - 4;
      return { centerChannel: (channel + sideChannel) / 2, sideChannel };
    }
    case '5GHz': {
      const band5 = fiveGhzBands.find(({ first, last }) => channel >= first && channel <= last);
      const block = band5 ? alignedBlock(channel, band5.first, band5.last, width) : null;
      return layoutOfBlock(channel, block, bandwidthMhz);
    }
    case '6GHz':
      return layoutOfBlock(channel, alignedBlock(channel, 1, 233, width), bandwidthMhz);
    case null:
      return { centerChannel: null, sideChannel: null };
  }
}
