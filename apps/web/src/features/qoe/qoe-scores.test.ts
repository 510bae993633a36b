import type { IndividualQoeResponse, QoeScores } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { formatScore, formatUptime, qoeChart, unreportedScores, weakestScores } from './qoe-scores';

const start = Date.UTC(2026, 10, 24, 12, 0);
const names = { cpupercent: 'CPU', freeram: 'Free RAM', wifi: 'WiFi' };
const minutes = (count: number) => count * 60_000;

function answer(
  overrides: Partial<IndividualQoeResponse['timeseries']> = {},
): IndividualQoeResponse {
  return {
    startTime: start,
    timeseries: {
      cpupercent: { data: [4.5, null, 3.2], intervalMinutes: 15 },
      freeram: { data: [5, 4.1, -1], intervalMinutes: 15 },
      wifi: { data: [-1, 2.2, 1.8], intervalMinutes: 15 },
      ...overrides,
    },
    latestAvgMaxUptime: { score: 3 },
    latest: null,
    measurements: [],
  };
}

const scores = (overrides: Partial<QoeScores>): QoeScores => ({
  overallScore: 3.4,
  cpuPercentScore: 4.8,
  freeRamScore: 5,
  wifiScore: 1.8,
  physicalStatusScore: 3.9,
  avgMaxUptimeScore: 2.5,
  usedCpuPercent: 14,
  usedRamPercent: 35,
  lanHostCount: 12,
  ...overrides,
});

describe('qoeChart', () => {
  it('should draw a point every interval from the start, in the seed’s series order', () => {
    const chart = qoeChart(answer(), names, '/5');
    expect(chart.x).toEqual([start, start + minutes(15), start + minutes(30)]);
    expect(chart.series.map((line) => [line.key, line.name, line.unit])).toEqual([
      ['cpupercent', 'CPU', '/5'],
      ['freeram', 'Free RAM', '/5'],
      ['wifi', 'WiFi', '/5'],
    ]);
  });

  it('should draw a -1 (not reported) at 0 and leave an unscored interval as a gap', () => {
    const chart = qoeChart(answer(), names, '/5');
    expect(chart.series.map((line) => line.values)).toEqual([
      [4.5, null, 3.2],
      [5, 4.1, 0],
      [0, 2.2, 1.8],
    ]);
  });

  it('should name the series that had a -1 drawn at 0', () => {
    expect(qoeChart(answer(), names, '/5').drawnAtZero).toEqual(['freeram', 'wifi']);
    expect(
      qoeChart(answer({ freeram: { data: [5], intervalMinutes: 15 } }), names, '/5').drawnAtZero,
    ).toEqual(['wifi']);
  });

  it('should put each series at its own times when their spacings differ', () => {
    const chart = qoeChart(
      answer({
        cpupercent: { data: [4], intervalMinutes: 30 },
        freeram: { data: [3, 2], intervalMinutes: 15 },
        wifi: { data: [], intervalMinutes: 15 },
      }),
      names,
      '/5',
    );
    expect(chart.x).toEqual([start, start + minutes(15)]);
    expect(chart.series.map((line) => line.values)).toEqual([
      [4, null],
      [3, 2],
      [null, null],
    ]);
  });
});

describe('formatScore', () => {
  it('should show one decimal in the user’s language', () => {
    expect(formatScore('en', 3)).toBe('3.0');
    expect(formatScore('fr', 1.84)).toBe('1,8');
  });

  it('should show a dash for a score the gateway did not report', () => {
    expect(formatScore('en', -1)).toBe('–');
  });
});

describe('weakestScores', () => {
  const measurements = [
    { score: 'wifiScore' as const, measurement: 'wifiSignalPercent', value: 22 },
    { score: 'physicalStatusScore' as const, measurement: 'temperatureC', value: 71 },
    { score: 'physicalStatusScore' as const, measurement: 'dslMarginDb', value: 6.5 },
  ];

  it('should list the lowest scores first, each with the measurements it read', () => {
    expect(weakestScores(scores({}), measurements)).toEqual([
      { score: 'wifiScore', value: 1.8, measurements: [measurements[0]] },
      { score: 'avgMaxUptimeScore', value: 2.5, measurements: [] },
      {
        score: 'physicalStatusScore',
        value: 3.9,
        measurements: [measurements[1], measurements[2]],
      },
    ]);
  });

  it('should leave out scores at the top and scores the gateway did not report', () => {
    const weak = weakestScores(
      scores({ wifiScore: -1, avgMaxUptimeScore: 5, physicalStatusScore: 5 }),
      measurements,
    );
    expect(weak.map((entry) => entry.score)).toEqual(['cpuPercentScore']);
  });

  it('should be empty when every reported score is 5', () => {
    expect(
      weakestScores(
        scores({ cpuPercentScore: 5, wifiScore: 5, physicalStatusScore: 5, avgMaxUptimeScore: -1 }),
        [],
      ),
    ).toEqual([]);
  });
});

describe('unreportedScores', () => {
  it('should name the scores at -1 in the seed’s order', () => {
    expect(unreportedScores(scores({ wifiScore: -1, cpuPercentScore: -1 }))).toEqual([
      'cpuPercentScore',
      'wifiScore',
    ]);
  });
});

describe('formatUptime', () => {
  it('should give days from a day up, hours from an hour up, and minutes below', () => {
    expect(formatUptime('en', 3.25 * 86_400)).toBe('3.3 days');
    expect(formatUptime('en', 5 * 3600)).toBe('5 hours');
    expect(formatUptime('en', 0.8 * 3600)).toBe('48 minutes');
    // French puts a narrow no-break space between number and unit.
    expect(formatUptime('fr', 36 * 3600)).toMatch(/^1,5\sjour$/);
  });
});
