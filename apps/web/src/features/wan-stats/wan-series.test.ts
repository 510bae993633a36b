import type { SpectrumEntry } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import {
  bucketTimes,
  docsisChart,
  type DocsisStats,
  dslChart,
  type DslStats,
  firstSpectrumSeriesId,
  formatMhz,
  kbpsToMbps,
  spectrumBins,
  spectrumOptions,
} from './wan-series';

const start = Date.UTC(2026, 10, 24, 12);

function dslDirection(snr: (number | null)[], currentRate: (number | null)[]) {
  return {
    snr,
    attenuation: snr.map(() => 20),
    power: snr.map(() => 14.5),
    ginpRtxc: snr.map(() => 3),
    ginpRtxuc: snr.map(() => 0),
    attainableRate: currentRate.map((rate) => (rate === null ? null : rate * 2)),
    currentRate,
  };
}

const dslTimeseries: DslStats['timeseries'] = {
  intervalMinutes: 15,
  startTime: start,
  lines: {
    '2': {
      downstream: dslDirection([7, 7.5], [40_000, 40_000]),
      upstream: dslDirection([9, 9], [8_000, 8_000]),
    },
    '1': {
      downstream: dslDirection([6.1, null], [54_321, null]),
      upstream: dslDirection([8.2, 8.4], [10_000, 10_000]),
    },
  },
  dslRetrainTimes: [],
};

describe('dslChart', () => {
  it('should draw one series per DSL line and measure, lines in order, in the direction chosen', () => {
    const chart = dslChart(dslTimeseries, 'downstream', [
      { measure: 'snr', name: (line) => `SNR ${line}`, unit: 'dB' },
      { measure: 'power', name: (line) => `Power ${line}`, unit: 'dBm', hidden: true },
    ]);
    expect(chart.x).toEqual([start, start + 15 * 60_000]);
    expect(chart.series.map((line) => [line.key, line.name, line.hidden, line.values])).toEqual([
      ['snr:1', 'SNR 1', undefined, [6.1, null]],
      ['power:1', 'Power 1', true, [14.5, 14.5]],
      ['snr:2', 'SNR 2', undefined, [7, 7.5]],
      ['power:2', 'Power 2', true, [14.5, 14.5]],
    ]);
  });

  it('should keep each series’ key across directions, so a hidden one stays hidden', () => {
    const measures = [{ measure: 'snr' as const, name: () => 'SNR', unit: 'dB' }];
    const down = dslChart(dslTimeseries, 'downstream', measures);
    const up = dslChart(dslTimeseries, 'upstream', measures);
    expect(up.series.map((line) => line.key)).toEqual(down.series.map((line) => line.key));
    expect(up.series[0]?.values).toEqual([8.2, 8.4]);
  });

  it('should show rates in Mbps from the kbps served (÷1000)', () => {
    const chart = dslChart(dslTimeseries, 'downstream', [
      { measure: 'currentRate', name: () => 'Current', unit: 'Mbps', scale: kbpsToMbps },
    ]);
    expect(chart.series[0]?.values).toEqual([54.321, null]);
  });
});

describe('docsisChart', () => {
  const timeseries: DocsisStats['timeseries'] = {
    intervalMinutes: 60,
    startTime: start,
    channelSeries: {
      dsSnrSeries: [
        { channelId: 5, data: [38.2, 38.4, null] },
        { channelId: 6, data: [37.9, 38, 38.1] },
      ],
      usSymbolRateSeries: [{ channelId: 1, data: [5_120_000, 5_120_000, 5_120_000] }],
    },
  };

  it('should draw SNR per downstream channel in dB', () => {
    const chart = docsisChart(timeseries, 'downstream', (id) => `Channel ${id}`, 'dB');
    expect(chart.x).toEqual(bucketTimes(start, 60, 3));
    expect(chart.series.map((line) => [line.name, line.values])).toEqual([
      ['Channel 5', [38.2, 38.4, null]],
      ['Channel 6', [37.9, 38, 38.1]],
    ]);
  });

  it('should draw symbol rate per upstream channel in ksym/s', () => {
    const chart = docsisChart(timeseries, 'upstream', (id) => `Channel ${id}`, 'ksym/s');
    expect(chart.series.map((line) => [line.name, line.values])).toEqual([
      ['Channel 1', [5120, 5120, 5120]],
    ]);
  });
});

function segment(
  frequency: number,
  group: SpectrumEntry['downstreamOrUpstream'],
  amplitudeData: number[] = [-4700, -4650],
  channelNumber: number | null = null,
): SpectrumEntry {
  return {
    segmentCenterFrequency: frequency,
    measurementFrequencySpan: 6_000_000,
    channelNumber,
    downstreamOrUpstream: group,
    amplitudeData,
  };
}

describe('spectrumOptions', () => {
  const entries = [
    segment(609_000_000, 'downstream', undefined, 25),
    segment(8_000_000, 'unknown'),
    segment(603_000_000, 'downstream', undefined, 24),
    segment(38_000_000, 'upstream', undefined, 2),
  ];

  it('should group the segments Downstream, Upstream, Unknown, each by frequency', () => {
    expect(
      spectrumOptions(entries).map(({ group, options }) => [
        group,
        options.map((option) => [option.centreHz, option.channelNumber]),
      ]),
    ).toEqual([
      [
        'downstream',
        [
          [603_000_000, 24],
          [609_000_000, 25],
        ],
      ],
      ['upstream', [[38_000_000, 2]]],
      ['unknown', [[8_000_000, null]]],
    ]);
  });

  it('should leave an empty group out and start on the lowest downstream segment', () => {
    const upstreamOnly = [segment(8_000_000, 'unknown'), segment(38_000_000, 'upstream')];
    expect(spectrumOptions(upstreamOnly).map(({ group }) => group)).toEqual([
      'upstream',
      'unknown',
    ]);
    expect(firstSpectrumSeriesId(entries)).toBe('603000000');
    expect(firstSpectrumSeriesId([])).toBeNull();
  });
});

describe('spectrumBins', () => {
  it('should place each bin at its centre in MHz and read its amplitude in dBmV (÷100)', () => {
    const entry = segment(603_000_000, 'downstream', [320, 310, -4700]);
    expect(spectrumBins(entry, [entry])).toEqual({ x: [601, 603, 605], values: [3.2, 3.1, -47] });
  });

  it('should take the distance to the nearest segment as the span when none is given', () => {
    const entry = { ...segment(603_000_000, 'downstream', [0, 0]), measurementFrequencySpan: null };
    const next = segment(611_000_000, 'downstream');
    expect(spectrumBins(entry, [entry, next]).x).toEqual([601, 605]);
  });
});

describe('formatMhz', () => {
  it('should show a frequency in MHz to the kilohertz, grouped per language', () => {
    expect(formatMhz('en-US', 602.75)).toBe('602.75');
    expect(formatMhz('fr', 1002.5)).toBe('1\u202f002,5');
    expect(formatMhz('en-US', null)).toBe('–');
  });
});
