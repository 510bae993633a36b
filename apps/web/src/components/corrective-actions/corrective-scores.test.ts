import { correctiveActions, type QoeSpanRow } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { correctiveScoresOf, correctiveWindow, isSlow, newestRow } from './corrective-scores';

const now = Date.UTC(2026, 10, 24, 16, 0);

function row(timestamp: number, overrides: Partial<QoeSpanRow> = {}): QoeSpanRow {
  return {
    timestamp,
    overallScore: 4.2,
    cpuPercentScore: 4.5,
    freeRamScore: 3.1,
    wifiScore: 2.4,
    physicalStatusScore: 5,
    avgMaxUptimeScore: 1.6,
    usedCpuPercent: 12,
    usedRamPercent: 40,
    lanHostCount: 8,
    ...overrides,
  };
}

describe('correctiveWindow', () => {
  it('should reach 25 minutes back from now', () => {
    expect(correctiveWindow(now)).toEqual({ start: now - 25 * 60_000, end: now });
  });
});

describe('newestRow', () => {
  it('should pick the row with the latest timestamp whatever the order', () => {
    const newest = row(now - 5 * 60_000, { wifiScore: 1 });
    expect(newestRow([row(now - 20 * 60_000), newest, row(now - 15 * 60_000)])).toBe(newest);
  });

  it('should be null when the window holds no row', () => {
    expect(newestRow([])).toBeNull();
  });
});

describe('correctiveScoresOf', () => {
  it('should read the seed’s four corrective scores from the row’s scores', () => {
    expect(correctiveScoresOf(row(now))).toEqual({
      wifi: 2.4,
      cpuPercentScore: 4.5,
      freeram: 3.1,
      latestAvgMaxUptime: 1.6,
    });
  });

  it('should make every score unavailable when nothing was scored in the window', () => {
    const scores = correctiveScoresOf(null);
    expect(scores).toEqual({ wifi: -1, cpuPercentScore: -1, freeram: -1, latestAvgMaxUptime: -1 });
    // And the contract's rules then say: all unavailable, not all well.
    expect(correctiveActions(scores, true)).toMatchObject({
      cards: [],
      isAllswell: false,
      allValuesNegativeOne: true,
    });
  });

  it('should give the cards the contract’s rules make of the row', () => {
    const actions = correctiveActions(correctiveScoresOf(row(now)), false);
    expect(actions.cards).toEqual([
      { card: 'wifi', colour: 'yellow' },
      { card: 'uptime', colour: 'yellow' },
      { card: 'networkConnection', colour: 'red' },
    ]);
  });
});

describe('isSlow', () => {
  it('should not flag a request answered within 3 s', () => {
    expect(isSlow(3000, null)).toBe(false);
    expect(isSlow(120, 2999)).toBe(false);
  });

  it('should flag an answer that took over 3 s until a quicker one comes back', () => {
    expect(isSlow(3001, null)).toBe(true);
    expect(isSlow(3001, 200)).toBe(true);
  });

  it('should flag a request still waiting after 3 s', () => {
    expect(isSlow(null, 3001)).toBe(true);
    expect(isSlow(150, 3001)).toBe(true);
  });
});
