import { describe, expect, it } from 'vitest';
import type { SiteSurveyEntry, WifiRadio } from '../../telemetry/canonical-model';
import { recommendChannels } from './channel-recommendation';

/**
 * The recommendation on hand-built surveys whose right answer follows from the model in
 * docs/decisions/016-channel-recommendation.md: power in milliwatts, 2.4 GHz overlap up to
 * 4 channels away, 5 GHz blocks whole, DFS only when available and then penalised.
 */

const ownBssid24 = 'AA:BB:CC:00:00:01';
const ownBssid5 = 'AA:BB:CC:00:00:02';

function radio(overrides: Partial<WifiRadio> & Pick<WifiRadio, 'freqBand'>): WifiRadio {
  const band5 = overrides.freqBand === '5GHz';
  return {
    radioInstance: band5 ? 2 : 1,
    referenceId: `radio-${overrides.freqBand}`,
    channel: band5 ? 36 : 1,
    autoChannel: false,
    channelBandwidth: 20,
    availableChannels: [],
    standard: band5 ? 'ac' : 'n',
    wifiNetworks: [
      {
        ssid: 'Home',
        bssid: band5 ? ownBssid5 : ownBssid24,
        ssidEnabled: true,
        security: 'WPA2',
        referenceId: `network-${overrides.freqBand}`,
        parentRadioReferenceId: `radio-${overrides.freqBand}`,
      },
    ],
    ...overrides,
  };
}

let nextBssid = 0;

function neighbour(
  channel: number,
  rssi: number,
  overrides: Partial<SiteSurveyEntry> = {},
): SiteSurveyEntry {
  nextBssid += 1;
  return {
    ssid: `Neighbour ${nextBssid}`,
    bssid: `02:00:00:00:00:${nextBssid.toString(16).padStart(2, '0')}`,
    standard: 'n',
    channel,
    rssi,
    freqBand: channel > 14 ? '5GHz' : '2.4GHz',
    channelBandwidth: 20,
    security: 'WPA2',
    ...overrides,
  };
}

/** The recommended channel of `band`, or undefined when none is given. */
function recommended(
  survey: SiteSurveyEntry[],
  radios: WifiRadio[],
  band: '2.4GHz' | '5GHz',
): number | undefined {
  return recommendChannels(survey, radios).find((entry) => entry.freqBand === band)?.channel;
}

const thirtySix48 = [36, 40, 44, 48];
const nonDfs = [...thirtySix48, 149, 153, 157, 161, 165];

/** A 20 MHz 5 GHz radio on `channel` that reports `availableChannels`. */
function radio5(channel: number, availableChannels: number[]): WifiRadio {
  return radio({ freqBand: '5GHz', channel, availableChannels });
}

describe(recommendChannels.name, () => {
  describe('2.4 GHz', () => {
    it('keeps the current channel when the band is empty', () => {
      expect(recommended([], [radio({ freqBand: '2.4GHz', channel: 6 })], '2.4GHz')).toBe(6);
    });

    it('keeps a current channel off the 1/6/11 plan when nothing is heard', () => {
      expect(recommended([], [radio({ freqBand: '2.4GHz', channel: 3 })], '2.4GHz')).toBe(3);
    });

    it('recommends channel 1 to a radio on Auto with nothing heard', () => {
      const auto = radio({ freqBand: '2.4GHz', channel: 0, autoChannel: true });
      expect(recommended([], [auto], '2.4GHz')).toBe(1);
    });

    it('moves to 11 when neighbours crowd 1 and 6', () => {
      const survey = [neighbour(1, -60), neighbour(1, -70), neighbour(6, -65), neighbour(6, -72)];
      expect(recommended(survey, [radio({ freqBand: '2.4GHz', channel: 1 })], '2.4GHz')).toBe(11);
    });

    it('counts a neighbour between two candidates against both, the nearer more', () => {
      // Channel 3 is 2 from 1 and 3 from 6: 1 carries 12/22 of it, 6 only 7/22.
      const survey = [neighbour(3, -60), neighbour(11, -62)];
      expect(recommended(survey, [radio({ freqBand: '2.4GHz', channel: 1 })], '2.4GHz')).toBe(6);
    });

    it('weighs one strong neighbour on 11 above three weak ones on 1', () => {
      const survey = [
        ...[-80, -81, -82].map((rssi) => neighbour(1, rssi)),
        neighbour(6, -60),
        neighbour(11, -50),
      ];
      expect(recommended(survey, [radio({ freqBand: '2.4GHz', channel: 11 })], '2.4GHz')).toBe(1);
    });

    it('lets a 40 MHz neighbour on 1 block both 1 and 6', () => {
      const wide = [neighbour(1, -60, { channelBandwidth: 40 }), neighbour(11, -75)];
      const narrow = [neighbour(1, -60), neighbour(11, -75)];
      const radios = [radio({ freqBand: '2.4GHz', channel: 1 })];
      expect(recommended(wide, radios, '2.4GHz')).toBe(11);
      expect(recommended(narrow, radios, '2.4GHz')).toBe(6);
    });

    it('evaluates a 40 MHz radio over its secondary channel too', () => {
      // 6 at 40 MHz pairs with 10, which sits on the neighbour on 11.
      const survey = [neighbour(1, -70), neighbour(11, -60)];
      const narrow = radio({ freqBand: '2.4GHz', channel: 1 });
      const wide = radio({ freqBand: '2.4GHz', channel: 1, channelBandwidth: 40 });
      expect(recommended(survey, [narrow], '2.4GHz')).toBe(6);
      expect(recommended(survey, [wide], '2.4GHz')).toBe(1);
    });

    it("ignores the gateway's own networks, whatever their spelling", () => {
      const survey = [
        neighbour(1, -30, { bssid: ownBssid24.toLowerCase() }),
        neighbour(6, -75),
        neighbour(11, -75),
      ];
      expect(recommended(survey, [radio({ freqBand: '2.4GHz', channel: 1 })], '2.4GHz')).toBe(1);
    });

    it('ignores neighbours below -85 dBm and those without a signal or channel', () => {
      const survey = [
        // Counted, these three would outweigh the one at -85 dBm on 6.
        ...[-86, -86, -90].map((rssi) => neighbour(1, rssi)),
        neighbour(1, -40, { rssi: null }),
        neighbour(6, -40, { channel: null }),
        neighbour(6, -85),
        neighbour(11, -80),
      ];
      expect(recommended(survey, [radio({ freqBand: '2.4GHz', channel: 6 })], '2.4GHz')).toBe(1);
    });

    it('stays on the current channel when the candidates tie', () => {
      const survey = [neighbour(1, -70), neighbour(6, -70), neighbour(11, -70)];
      expect(recommended(survey, [radio({ freqBand: '2.4GHz', channel: 6 })], '2.4GHz')).toBe(6);
      expect(recommended(survey, [radio({ freqBand: '2.4GHz', channel: 4 })], '2.4GHz')).toBe(1);
    });

    it('never recommends a channel the radio does not list as available', () => {
      const survey = [neighbour(1, -60), neighbour(6, -65)];
      const radios = [
        radio({ freqBand: '2.4GHz', channel: 1, availableChannels: [1, 2, 3, 4, 5, 6, 7, 8, 9] }),
      ];
      expect(recommended(survey, radios, '2.4GHz')).toBe(6);
    });
  });

  describe('5 GHz', () => {
    it('moves an 80 MHz radio to 149 when 80 MHz neighbours fill 36–48', () => {
      const survey = [
        neighbour(36, -65, { channelBandwidth: 80 }),
        neighbour(44, -70, { channelBandwidth: 80 }),
      ];
      const radios = [radio({ freqBand: '5GHz', channel: 36, channelBandwidth: 80 })];
      expect(recommended(survey, radios, '5GHz')).toBe(149);
    });

    it('wants the whole 80 MHz block free: one 20 MHz neighbour on 44 moves it', () => {
      const survey = [neighbour(44, -70)];
      const wide = radio({ freqBand: '5GHz', channel: 40, channelBandwidth: 80 });
      const narrow = radio({ freqBand: '5GHz', channel: 40 });
      expect(recommended(survey, [wide], '5GHz')).toBe(149);
      expect(recommended(survey, [narrow], '5GHz')).toBe(40);
    });

    it('keeps the primary off a neighbour inside the block when the block cannot be free', () => {
      const survey = [neighbour(40, -70), neighbour(157, -60)];
      const radios = [radio({ freqBand: '5GHz', channel: 40, channelBandwidth: 80 })];
      expect(recommended(survey, radios, '5GHz')).toBe(36);
    });

    it('skips DFS channels the radio does not list as available', () => {
      const crowded = nonDfs.map((channel) => neighbour(channel, -60));
      expect(recommended(crowded, [radio5(36, [])], '5GHz')).toBe(36);
      expect(recommended(crowded, [radio5(36, nonDfs)], '5GHz')).toBe(36);
    });

    it('penalises available DFS channels: weak neighbours do not justify them, strong ones do', () => {
      const dfsToo = radio5(36, [...thirtySix48, 52, 56, 60, 64]);
      const weak = thirtySix48.map((channel) => neighbour(channel, -80));
      const strong = thirtySix48.map((channel) => neighbour(channel, -60));
      expect(recommended(weak, [dfsToo], '5GHz')).toBe(36);
      expect(recommended(strong, [dfsToo], '5GHz')).toBe(52);
    });

    it('keeps the current channel, DFS or not, when nothing is heard', () => {
      expect(recommended([], [radio5(100, [...thirtySix48, 100, 104, 108, 112])], '5GHz')).toBe(
        100,
      );
    });

    it('moves off a DFS channel once anything is heard and a non-DFS one is cleaner', () => {
      const onDfs = radio5(100, [...thirtySix48, 100, 104, 108, 112]);
      expect(recommended([neighbour(36, -80)], [onDfs], '5GHz')).toBe(40);
    });

    it('recommends 36 to a radio on Auto with nothing heard', () => {
      const auto = radio({ freqBand: '5GHz', channel: 0, autoChannel: true });
      expect(recommended([], [auto], '5GHz')).toBe(36);
    });
  });

  describe('bands', () => {
    it('gives one recommendation per band the gateway has a radio on, 2.4 GHz first', () => {
      const survey = [neighbour(1, -60), neighbour(36, -60)];
      const radios = [radio({ freqBand: '5GHz' }), radio({ freqBand: '2.4GHz' })];
      expect(recommendChannels(survey, radios)).toEqual([
        { freqBand: '2.4GHz', channel: 6 },
        { freqBand: '5GHz', channel: 40 },
      ]);
    });

    it('gives no recommendation for a band without a radio', () => {
      const survey = [neighbour(36, -60)];
      expect(recommendChannels(survey, [radio({ freqBand: '2.4GHz' })])).toEqual([
        { freqBand: '2.4GHz', channel: 1 },
      ]);
      expect(recommendChannels(survey, [radio({ freqBand: '6GHz' })])).toEqual([]);
    });

    it("does not let the other band's neighbours count", () => {
      const survey = [neighbour(1, -40, { freqBand: '5GHz' }), neighbour(6, -80)];
      expect(recommended(survey, [radio({ freqBand: '2.4GHz', channel: 6 })], '2.4GHz')).toBe(1);
    });
  });
});
