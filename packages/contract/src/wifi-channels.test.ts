import { describe, expect, it } from 'vitest';
import { channelLayout } from './wifi-channels';

describe(channelLayout.name, () => {
  it.each([
    ['2.4GHz', 6, 20, 6, null],
    ['2.4GHz', 1, 40, 3, 5],
    ['2.4GHz', 7, 40, 9, 11],
    ['2.4GHz', 11, 40, 9, 7],
    ['2.4GHz', 6, 80, null, null],
    ['5GHz', 36, 40, 38, 40],
    ['5GHz', 48, 40, 46, 44],
    ['5GHz', 149, 40, 151, 153],
    ['5GHz', 44, 80, 42, null],
    ['5GHz', 60, 80, 58, null],
    ['5GHz', 140, 80, 138, null],
    ['5GHz', 157, 80, 155, null],
    ['5GHz', 36, 160, 50, null],
    ['5GHz', 112, 160, 114, null],
    ['5GHz', 161, 160, 163, null],
    ['5GHz', 140, 160, null, null],
    ['5GHz', 165, 40, 167, 169],
    ['5GHz', 37, 40, null, null],
    ['6GHz', 1, 40, 3, 5],
    ['6GHz', 37, 80, 39, null],
    ['6GHz', 37, 160, 47, null],
  ] as const)(
    'should place %s channel %i at %i MHz on centre %s, side %s',
    (band, channel, bandwidth, centerChannel, sideChannel) => {
      expect(channelLayout(band, channel, bandwidth)).toEqual({ centerChannel, sideChannel });
    },
  );

  it('should give no centre to an automatic channel (0) or a radio with no band', () => {
    expect(channelLayout('5GHz', 0, 80)).toEqual({ centerChannel: null, sideChannel: null });
    expect(channelLayout(null, 36, 80)).toEqual({ centerChannel: null, sideChannel: null });
  });
});
