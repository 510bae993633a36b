import { describe, expect, it } from 'vitest';
import { correctiveActions, qoeQuerySchema } from './qoe';
import { abbreviateCount, trendDirection } from './dashboard';

const well = { wifi: 4, cpuPercentScore: 4, freeram: 2, latestAvgMaxUptime: 2 };

describe(correctiveActions.name, () => {
  it('should show no card and all well at the seed’s thresholds', () => {
    expect(correctiveActions(well, true)).toEqual({
      cards: [],
      isAllswell: true,
      maybeissues: false,
      wehaveissues: false,
      allValuesNegativeOne: false,
    });
  });

  it.each([
    ['wifi', { wifi: 3.9 }, 'wifi', 'yellow'],
    ['wifi', { wifi: 2 }, 'wifi', 'yellow'],
    ['wifi', { wifi: 1.9 }, 'wifi', 'red'],
    ['CPU', { cpuPercentScore: 3 }, 'cpu', 'yellow'],
    ['CPU', { cpuPercentScore: 0 }, 'cpu', 'red'],
    ['RAM', { freeram: 1.5 }, 'ram', 'yellow'],
    ['RAM', { freeram: 0.9 }, 'ram', 'red'],
    ['uptime', { latestAvgMaxUptime: 1 }, 'uptime', 'yellow'],
    ['uptime', { latestAvgMaxUptime: 0 }, 'uptime', 'red'],
  ] as const)('should give %s %o a %s card in %s', (_name, change, card, colour) => {
    const actions = correctiveActions({ ...well, ...change }, true);
    expect(actions.cards).toEqual([{ card, colour }]);
    expect(actions.isAllswell).toBe(false);
    expect(actions.maybeissues).toBe(colour === 'yellow');
    expect(actions.wehaveissues).toBe(colour === 'red');
  });

  it('should show a red Network Connection card without a WAN connection', () => {
    expect(correctiveActions(well, false).cards).toEqual([
      { card: 'networkConnection', colour: 'red' },
    ]);
  });

  it('should say all unavailable when every score is -1, with no card', () => {
    const none = { wifi: -1, cpuPercentScore: -1, freeram: -1, latestAvgMaxUptime: -1 };
    expect(correctiveActions(none, true)).toMatchObject({
      cards: [],
      isAllswell: false,
      allValuesNegativeOne: true,
    });
  });
});

describe('qoeQuerySchema', () => {
  it('should take the seed’s min and max bounds and refuse an unknown one', () => {
    expect(qoeQuerySchema.parse({ minWifi: 1, maxLanHostCount: 20 })).toMatchObject({
      minWifi: 1,
      maxLanHostCount: 20,
      sort: 'overallScore',
      limit: 10,
    });
    expect(qoeQuerySchema.safeParse({ minSpeed: 1 }).success).toBe(false);
  });
});

describe(trendDirection.name, () => {
  it('should be flat under a 1% change, else up or down', () => {
    expect(trendDirection(100, 100.9)).toBe('flat');
    expect(trendDirection(100, 101)).toBe('up');
    expect(trendDirection(100, 98)).toBe('down');
    expect(trendDirection(null, 5)).toBe('flat');
  });
});

describe(abbreviateCount.name, () => {
  it('should abbreviate thousands, millions and billions', () => {
    expect([999, 1250, 2_500_000, 3_000_000_000].map(abbreviateCount)).toEqual([
      '999',
      '1.3K',
      '2.5M',
      '3B',
    ]);
  });
});
