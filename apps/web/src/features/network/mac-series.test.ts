import type { MacCounters, MacSeries } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { deviceColour } from '../../components/charts/chart-colours';
import {
  bandwidthMbps,
  consumptionOf,
  deviceChart,
  distinctNames,
  linkRateMbps,
  signalStrengthPercent,
} from './mac-series';

const start = Date.UTC(2025, 2, 3, 12, 0);

function series(startTime: number, inBytes: (number | null)[], extra: Partial<MacSeries> = {}) {
  return {
    startTime,
    intervalSeconds: 60,
    inBytes,
    outBytes: inBytes.map((bytes) => (bytes === null ? null : bytes / 2)),
    rssi: inBytes.map(() => -62.5),
    rxRate: inBytes.map(() => 144_000),
    txRate: inBytes.map(() => 866_000),
    ...extra,
  } satisfies MacSeries;
}

function host(macAddress: string, hour: MacSeries | undefined): MacCounters {
  return { macAddress, host: `host ${macAddress}`, bm: { hour } };
}

describe('deviceChart', () => {
  it('should put every device on the union of their times, null where one did not report', () => {
    const chart = deviceChart(
      [
        host('aa:00:00:00:00:01', series(start, [7_500_000, 15_000_000])),
        host('aa:00:00:00:00:02', series(start + 60_000, [750_000, 1_500_000])),
      ],
      'hour',
      'Mbps',
      (line, index) => bandwidthMbps(line, index, 'downstream'),
    );
    expect(chart.x).toEqual([start, start + 60_000, start + 120_000]);
    expect(chart.series.map((line) => line.values)).toEqual([
      [1, 2, null],
      [null, 0.1, 0.2],
    ]);
  });

  it('should leave out devices with nothing to draw and keep the colour of each by its place', () => {
    const chart = deviceChart(
      [
        host('aa:00:00:00:00:01', series(start, [null, null])),
        host('aa:00:00:00:00:02', undefined),
        host('aa:00:00:00:00:03', series(start, [1, 2])),
      ],
      'hour',
      'Mbps',
      (line, index) => bandwidthMbps(line, index, 'downstream'),
    );
    expect(chart.series.map((line) => [line.key, line.colour])).toEqual([
      ['aa:00:00:00:00:03', deviceColour(2)],
    ]);
  });
});

describe('distinctNames', () => {
  it('should add the end of the MAC only to names two devices share', () => {
    const twin = (macAddress: string): MacCounters => ({ macAddress, host: 'Tapo-C310', bm: {} });
    const names = distinctNames([
      twin('aa:00:00:00:0c:01'),
      host('aa:00:00:00:00:02', undefined),
      twin('aa:00:00:00:0c:03'),
    ]);
    expect([...names.values()]).toEqual([
      'Tapo-C310 · 0c:01',
      'host aa:00:00:00:00:02',
      'Tapo-C310 · 0c:03',
    ]);
  });
});

describe('bandwidthMbps', () => {
  it('should draw bytes per interval as Mbps, in as downstream and out as upstream', () => {
    const line = series(start, [7_500_000]);
    expect(bandwidthMbps(line, 0, 'downstream')).toBe(1);
    expect(bandwidthMbps(line, 0, 'upstream')).toBe(0.5);
    expect(bandwidthMbps({ ...line, intervalSeconds: 900 }, 0, 'downstream')).toBeCloseTo(
      0.0667,
      4,
    );
  });
});

describe('linkRateMbps', () => {
  it('should draw tx as downstream and rx as upstream, in Mbps', () => {
    const line = series(start, [1]);
    expect(linkRateMbps(line, 0, 'downstream')).toBe(866);
    expect(linkRateMbps(line, 0, 'upstream')).toBe(144);
  });
});

describe('signalStrengthPercent', () => {
  it('should turn the dBm served into percent', () => {
    expect(signalStrengthPercent(series(start, [1]), 0)).toBe(50);
    expect(signalStrengthPercent(series(start, [1], { rssi: [null] }), 0)).toBeNull();
  });
});

describe('consumptionOf', () => {
  it('should add up each device bytes over the span, most first', () => {
    expect(
      consumptionOf(
        [
          host('aa:00:00:00:00:01', series(start, [10, null, 20])),
          host('aa:00:00:00:00:02', series(start, [100])),
        ],
        'hour',
      ),
    ).toEqual([
      {
        macAddress: 'aa:00:00:00:00:02',
        name: 'host aa:00:00:00:00:02',
        downloadedBytes: 100,
        uploadedBytes: 50,
      },
      {
        macAddress: 'aa:00:00:00:00:01',
        name: 'host aa:00:00:00:00:01',
        downloadedBytes: 30,
        uploadedBytes: 15,
      },
    ]);
  });
});
