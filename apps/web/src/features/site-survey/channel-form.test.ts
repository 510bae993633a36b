import type { SiteSurveyEntry, WifiRadio } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import {
  bandwidthOptions,
  channelCommand,
  channelOptions,
  choiceRefusal,
  radioOf,
  radioShows,
  surveyShows,
} from './channel-form';

const radio = (fields: Partial<WifiRadio> = {}): WifiRadio => ({
  freqBand: '5GHz',
  channel: 36,
  centerChannel: 42,
  channelBandwidth: 80,
  availableChannels: [149, 36, 40, 44, 48, 153, 157, 161, 165],
  radioInstance: 2,
  sideChannel: null,
  standard: 'a,n,ac',
  timestamp: 0,
  wifiNetworks: [
    {
      ssid: 'Home',
      bssid: 'aa:00:00:00:00:05',
      ssidEnabled: true,
      security: 'WPA2',
      referenceId: 'r2',
      parentRadioReferenceId: null,
    },
  ],
  ...fields,
});

const ownRow = (fields: Partial<SiteSurveyEntry> = {}): SiteSurveyEntry => ({
  ssid: 'Home',
  bssid: 'aa:00:00:00:00:05',
  standard: 'a,n,ac',
  channel: 36,
  rssi: null,
  freqBand: '5GHz',
  channelBandwidth: 80,
  centerChannel: 42,
  security: 'WPA2',
  client: true,
  timestamp: 0,
  ...fields,
});

describe('radioOf', () => {
  it('should find the radio carrying the row, else the radio of its band', () => {
    const twoFour = radio({ freqBand: '2.4GHz', radioInstance: 1, wifiNetworks: [] });
    const five = radio();
    const settings = { wifiRadios: [twoFour, five] };
    expect(radioOf(settings, ownRow())).toBe(five);
    expect(radioOf(settings, ownRow({ bssid: null, freqBand: '2.4GHz' }))).toBe(twoFour);
    expect(radioOf(null, ownRow())).toBeNull();
  });
});

describe('channelOptions and bandwidthOptions', () => {
  it("should offer Auto and the radio's channels in order, with its standard's widths", () => {
    expect(channelOptions(radio(), '5GHz')).toEqual([0, 36, 40, 44, 48, 149, 153, 157, 161, 165]);
    expect(bandwidthOptions(radio(), '5GHz')).toEqual([20, 40, 80]);
    expect(bandwidthOptions(radio({ standard: 'b,g,n' }), '2.4GHz')).toEqual([20, 40]);
  });

  it('should offer every channel of the band when the radio lists none', () => {
    expect(channelOptions(radio({ availableChannels: [] }), '2.4GHz')).toHaveLength(15);
  });
});

describe('choiceRefusal', () => {
  it('should refuse a channel whose block the radio cannot use at the chosen width', () => {
    // 165 at 80 MHz would need 161–177.
    expect(choiceRefusal(radio(), { channel: 165, channelBandwidth: 80 })).toBe(
      'DEVICE_ACTION.CHANNEL_BANDWIDTH_MISMATCH',
    );
    expect(choiceRefusal(radio(), { channel: 165, channelBandwidth: 20 })).toBeNull();
  });

  it("should refuse a width the radio's standard does not allow", () => {
    expect(choiceRefusal(radio(), { channel: 36, channelBandwidth: 160 })).toBe(
      'DEVICE_ACTION.BANDWIDTH_NOT_ALLOWED',
    );
  });

  it('should let Auto take any width the standard allows', () => {
    expect(choiceRefusal(radio(), { channel: 0, channelBandwidth: 40 })).toBeNull();
  });
});

describe('channelCommand', () => {
  it('should send nothing when nothing changed', () => {
    expect(
      channelCommand(radio(), '5GHz', { channel: 36, channelBandwidth: 80 }, false),
    ).toBeNull();
  });

  it('should send the one command that says what changed', () => {
    expect(channelCommand(radio(), '5GHz', { channel: 149, channelBandwidth: 80 }, false)).toEqual({
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel: 149 },
    });
    expect(channelCommand(radio(), '5GHz', { channel: 36, channelBandwidth: 40 }, false)).toEqual({
      action: 'changeBandwidth',
      parameters: { freqBand: '5GHz', channelBandwidth: 40 },
    });
    expect(channelCommand(radio(), '5GHz', { channel: 165, channelBandwidth: 20 }, false)).toEqual({
      action: 'changeBandwidthAndChannel',
      parameters: { freqBand: '5GHz', channel: 165, channelBandwidth: 20 },
    });
  });

  it("should send a consumer's channel only", () => {
    expect(channelCommand(radio(), '5GHz', { channel: 149, channelBandwidth: 40 }, true)).toEqual({
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel: 149 },
    });
    expect(channelCommand(radio(), '5GHz', { channel: 36, channelBandwidth: 40 }, true)).toBeNull();
  });
});

describe('surveyShows', () => {
  it("should wait until the band's own rows report the channel and width asked for", () => {
    const command = {
      action: 'changeBandwidthAndChannel',
      parameters: { freqBand: '5GHz', channel: 149, channelBandwidth: 40 },
    } as const;
    expect(surveyShows(command, [ownRow()])).toBe(false);
    expect(surveyShows(command, [ownRow({ channel: 149, channelBandwidth: 40 })])).toBe(true);
    expect(surveyShows(command, [])).toBe(false);
  });

  it('should take any report after a move to Auto', () => {
    const command = {
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel: 0 },
    } as const;
    expect(surveyShows(command, [ownRow({ channel: 44 })])).toBe(true);
  });
});

describe('radioShows', () => {
  it('should wait until the WiFi settings give the radio the channel and width asked for', () => {
    const command = {
      action: 'changeBandwidthAndChannel',
      parameters: { freqBand: '5GHz', channel: 149, channelBandwidth: 40 },
    } as const;
    expect(radioShows(command, radio())).toBe(false);
    expect(radioShows(command, radio({ channel: 149, channelBandwidth: 40 }))).toBe(true);
    expect(radioShows(command, null)).toBe(false);
  });

  it('should see a move to Auto as the radio reporting channel 0', () => {
    const command = {
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel: 0 },
    } as const;
    expect(radioShows(command, radio())).toBe(false);
    expect(radioShows(command, radio({ channel: 0 }))).toBe(true);
  });
});
