import { describe, expect, it } from 'vitest';
import {
  allowedChannelBandwidths,
  blockChannels,
  type ChannelChangeRadio,
  channelChangeRefusal,
  cleanSsid,
  surveySlots,
} from './site-survey';

describe('cleanSsid', () => {
  it('removes quotes and whitespace, and names a network without a name', () => {
    expect(cleanSsid('"Home Net"')).toBe('HomeNet');
    expect(cleanSsid(" 'x' ")).toBe('x');
    expect(cleanSsid('  ')).toBe('[ No Name ]');
    expect(cleanSsid(null)).toBe('[ No Name ]');
  });
});

describe('allowedChannelBandwidths', () => {
  it('follows the standard as seed 001 section 5 says', () => {
    expect(allowedChannelBandwidths('5GHz', 'a,n,ac')).toEqual([20, 40, 80]);
    expect(allowedChannelBandwidths('5GHz', 'a,n')).toEqual([20, 40]);
    expect(allowedChannelBandwidths('5GHz', 'a')).toEqual([20]);
    expect(allowedChannelBandwidths('2.4GHz', 'b,g')).toEqual([20]);
    expect(allowedChannelBandwidths('5GHz', 'ax')).toEqual([20, 40, 80, 160]);
  });

  it('never goes past 40 MHz on 2.4 GHz', () => {
    expect(allowedChannelBandwidths('2.4GHz', 'b,g,n,ax')).toEqual([20, 40]);
  });

  it('takes a radio without a standard at 20 MHz', () => {
    expect(allowedChannelBandwidths('5GHz', null)).toEqual([20]);
  });
});

describe('channelChangeRefusal', () => {
  const radio: ChannelChangeRadio = {
    freqBand: '5GHz',
    standard: 'a,n,ac',
    availableChannels: [36, 40, 44, 48, 149, 153, 157, 161, 165],
    channel: 36,
    channelBandwidth: 80,
  };

  it('lets a radio move to an available channel that fits its bandwidth, or to Auto', () => {
    expect(channelChangeRefusal(radio, { channel: 149 })).toBeNull();
    expect(channelChangeRefusal(radio, { channel: 0 })).toBeNull();
    expect(channelChangeRefusal(radio, { channelBandwidth: 40 })).toBeNull();
    expect(channelChangeRefusal(radio, { channel: 165, channelBandwidth: 20 })).toBeNull();
  });

  it('refuses a channel of another band, and one the radio does not list', () => {
    expect(channelChangeRefusal(radio, { channel: 6 })).toBe('DEVICE_ACTION.CHANNEL_OUTSIDE_BAND');
    expect(channelChangeRefusal(radio, { channel: 100 })).toBe(
      'DEVICE_ACTION.CHANNEL_NOT_AVAILABLE',
    );
  });

  it('refuses a bandwidth the standard does not allow', () => {
    expect(channelChangeRefusal(radio, { channelBandwidth: 160 })).toBe(
      'DEVICE_ACTION.BANDWIDTH_NOT_ALLOWED',
    );
    expect(channelChangeRefusal({ ...radio, standard: 'a,n' }, { channelBandwidth: 80 })).toBe(
      'DEVICE_ACTION.BANDWIDTH_NOT_ALLOWED',
    );
  });

  it('refuses a channel that has no block at the bandwidth it would run at', () => {
    // 165 at the radio's 80 MHz would need 169–177.
    expect(channelChangeRefusal(radio, { channel: 165 })).toBe(
      'DEVICE_ACTION.CHANNEL_BANDWIDTH_MISMATCH',
    );
  });

  it('checks against every channel of the band when the radio lists none', () => {
    const open = { ...radio, availableChannels: [] };
    expect(channelChangeRefusal(open, { channel: 100 })).toBeNull();
  });
});

describe('surveySlots', () => {
  it('has the seed’s 17 or 49 slots on 5 GHz and 17 on 2.4 GHz', () => {
    expect(surveySlots('5GHz', false)).toHaveLength(17);
    expect(surveySlots('5GHz', true)).toHaveLength(49);
    expect(surveySlots('2.4GHz', false)).toHaveLength(17);
    expect(surveySlots('5GHz', true)).toContain(144);
    expect(surveySlots('5GHz', false)).not.toContain(52);
  });
});

describe('blockChannels', () => {
  it('lists the 20 MHz channels of a block', () => {
    expect(blockChannels('5GHz', 44, 80)).toEqual([36, 40, 44, 48]);
    expect(blockChannels('5GHz', 40, 40)).toEqual([36, 40]);
    expect(blockChannels('2.4GHz', 11, 40)).toEqual([7, 11]);
    expect(blockChannels('5GHz', 100, 160)).toEqual([100, 104, 108, 112, 116, 120, 124, 128]);
    expect(blockChannels('5GHz', 140, 80)).toEqual([132, 136, 140, 144]);
    expect(blockChannels('5GHz', 144, 160)).toBeNull();
  });
});
