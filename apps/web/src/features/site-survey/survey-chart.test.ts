import { type SiteSurveyEntry, surveySlots } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import {
  bandEntries,
  bandLabel,
  networkHump,
  showsDfs,
  slotLabel,
  slotPosition,
  surveyChart,
  surveyFloor,
  surveyMarkers,
} from './survey-chart';

const entry = (fields: Partial<SiteSurveyEntry>): SiteSurveyEntry => ({
  ssid: 'Neighbour',
  bssid: 'aa:bb:cc:00:00:01',
  standard: 'a,n,ac',
  channel: 36,
  rssi: -60,
  freqBand: '5GHz',
  channelBandwidth: 20,
  centerChannel: 36,
  security: 'WPA2-Personal',
  client: false,
  timestamp: 0,
  ...fields,
});

describe('networkHump', () => {
  const slots = [4, 5, 6, 7, 8, 9, 10, null, 12];

  it('should peak at the RSSI on its channel and meet the floor two channel numbers beyond', () => {
    const hump = networkHump(slots, [6], -50, -100);
    expect(hump[2]).toBe(-50);
    expect(hump[0]).toBeCloseTo(-100);
    expect(hump[4]).toBeCloseTo(-100);
    expect(hump[1]).toBeGreaterThan(-100);
    expect(hump[1]).toBeLessThan(-50);
    expect(hump.slice(5)).toEqual([null, null, null, null]);
  });

  it("should peak at a wide block's centre, falling to the floor beyond it, and leave gaps empty", () => {
    const hump = networkHump(slots, [6, 10], -70, -100);
    expect(hump[4]).toBe(-70);
    expect(hump[0]).toBeCloseTo(-100);
    expect(hump[2]).toBeGreaterThan(hump[1] ?? 0);
    expect(hump[3]).toBeGreaterThan(hump[2] ?? 0);
    expect(hump[5]).toBe(hump[3]);
    expect(hump[7]).toBeNull();
  });
});

describe('showsDfs', () => {
  const plain = [entry({ channel: 36 }), entry({ channel: 149, centerChannel: 149 })];

  it('should show the DFS channels when the radio may use one', () => {
    expect(showsDfs('5GHz', { availableChannels: [36, 52, 149] }, plain)).toBe(true);
  });

  it('should show them when a network is on one, even only by its bandwidth', () => {
    expect(showsDfs('5GHz', { availableChannels: [36, 149] }, [entry({ channel: 100 })])).toBe(
      true,
    );
    // 36 at 160 MHz uses 36–64.
    expect(
      showsDfs('5GHz', null, [entry({ channel: 36, channelBandwidth: 160, centerChannel: 50 })]),
    ).toBe(true);
  });

  it('should keep 17 slots otherwise, and never on 2.4 GHz', () => {
    expect(showsDfs('5GHz', { availableChannels: [36, 40, 149] }, plain)).toBe(false);
    expect(showsDfs('2.4GHz', { availableChannels: [52] }, plain)).toBe(false);
  });
});

describe('slotPosition', () => {
  const slots = [36, 38, 40, null, 149, 151];

  it('should give a channel its slot', () => {
    expect(slotPosition(slots, 38)).toBe(1);
    expect(slotPosition(slots, 149)).toBe(4);
  });

  it('should place a channel between two slots, never across a gap', () => {
    expect(slotPosition(slots, 37)).toBe(0.5);
    expect(slotPosition(slots, 100)).toBeNull();
  });
});

describe('surveyFloor', () => {
  it('should stay at -100 dBm unless a network is heard within 10 dB of it', () => {
    expect(surveyFloor([entry({ rssi: -85 }), entry({ rssi: null })])).toBe(-100);
    expect(surveyFloor([entry({ rssi: -95 })])).toBe(-110);
    expect(surveyFloor([])).toBe(-100);
  });
});

describe('surveyChart', () => {
  it('should draw a hump per neighbour over 5 GHz slots and none for the gateway itself', () => {
    const entries = [
      entry({ ssid: '"Home"', client: true, rssi: null }),
      entry({ ssid: ' Cafe ', channel: 44, channelBandwidth: 80, centerChannel: 42, rssi: -55 }),
      entry({ ssid: '', channel: 149, centerChannel: 149, rssi: -80 }),
    ];
    const chart = surveyChart('5GHz', entries, false);
    expect(chart.slots).toHaveLength(17);
    expect(chart.x).toEqual(chart.slots.map((_, index) => index));
    expect(chart.series.map((line) => line.name)).toEqual(['Cafe', '[ No Name ]']);
    // 44 at 80 MHz uses 36–48: its peak is at the centre, 42, the slot after 40.
    const cafe = chart.series[0]?.values ?? [];
    expect(cafe[chart.slots.indexOf(42)]).toBe(-55);
    expect(cafe.slice(0, 7).every((value) => value !== null && value > -100)).toBe(true);
    expect(chart.ceiling).toBe(-40);
    expect(chart.series[1]?.values[chart.slots.indexOf(149)]).toBe(-80);
    expect(chart.series.every((line) => line.spline && line.unit === 'dBm')).toBe(true);
  });

  it('should give 2.4 GHz its 17 slots from -1, channel 1 whole', () => {
    const chart = surveyChart(
      '2.4GHz',
      [entry({ freqBand: '2.4GHz', channel: 1, centerChannel: 1, standard: 'b,g,n' })],
      false,
    );
    expect(chart.slots[0]).toBe(-1);
    expect(chart.series[0]?.values.slice(0, 5).map((value) => Math.round(value ?? 0))).toEqual([
      -100, -72, -60, -72, -100,
    ]);
  });
});

describe('slotLabel', () => {
  it('should name a slot by its channel, and leave gaps, half slots and -1, 0, 15 unnamed', () => {
    const slots = [-1, 0, 1, 14, 15];
    expect(slots.map((_, slot) => slotLabel('2.4GHz', slots, slot))).toEqual([
      '',
      '',
      '1',
      '14',
      '',
    ]);
    expect(slotLabel('5GHz', [36, null, 149], 1)).toBe('');
    expect(slotLabel('5GHz', [36, 38], 0.5)).toBe('');
  });
});

describe('bandEntries', () => {
  it("should keep the band's rows, the gateway's own first", () => {
    const rows = bandEntries(
      [
        entry({ ssid: 'a' }),
        entry({ ssid: 'b', freqBand: '2.4GHz' }),
        entry({ ssid: 'c', client: true }),
      ],
      '5GHz',
    );
    expect(rows.map((row) => row.ssid)).toEqual(['c', 'a']);
  });
});

describe('surveyMarkers', () => {
  const style = { current: { label: 'Yours' }, recommended: { label: 'Recommended' } };
  const slots = surveySlots('5GHz', false);

  it("should mark the radio's centre and the recommended channel's at the radio's width", () => {
    const radio = { channel: 36, centerChannel: 42, channelBandwidth: 80 };
    const markers = surveyMarkers('5GHz', slots, radio, 149, style);
    expect(markers).toEqual([
      { label: 'Yours', x: slots.indexOf(42) },
      { label: 'Recommended', x: slots.indexOf(155) },
    ]);
  });

  it('should mark a radio on Auto at the centre it picked, and leave out a channel off the axis', () => {
    const auto = { channel: 0, centerChannel: 157, channelBandwidth: 20 };
    expect(surveyMarkers('5GHz', slots, auto, 100, style)).toEqual([
      { label: 'Yours', x: slots.indexOf(157) },
    ]);
  });
});

describe('bandLabel', () => {
  it('should write the band with the decimal mark of the language', () => {
    expect(bandLabel('2.4GHz', 'en')).toBe('2.4 GHz');
    expect(bandLabel('2.4GHz', 'fr')).toBe('2,4 GHz');
    expect(bandLabel('5GHz', 'es')).toBe('5 GHz');
  });
});
