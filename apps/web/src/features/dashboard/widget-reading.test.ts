import { dashboardRefreshMs } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import {
  dashboardRefetchInterval,
  formatWidgetValue,
  selectionRange,
  widgetChart,
  widgetReading,
} from './widget-reading';

const start = Date.UTC(2026, 10, 24, 12, 0);
const quarter = 15 * 60_000;
const answer = (data: (number | null)[], intervalMinutes = 15) => ({
  data,
  intervalMinutes,
  startTime: start,
});

describe('widgetReading', () => {
  it('should read the newest figure and compare it with the one a window before', () => {
    expect(widgetReading(answer([10, 20, 30, 40]))).toEqual({
      value: 40,
      time: start + 3 * quarter,
      before: 30,
      trend: 'up',
    });
    expect(widgetReading(answer([50, 40])).trend).toBe('down');
  });

  it('should skip windows the fleet has no figure for, at either end', () => {
    expect(widgetReading(answer([null, 12, null, 15, null]))).toMatchObject({
      value: 15,
      time: start + 3 * quarter,
      before: 12,
      trend: 'up',
    });
  });

  it('should compare with a point at least 15 minutes older when points are closer together', () => {
    // Five-minute points: 4 is 15 minutes before 7.
    const reading = widgetReading(answer([1, 2, 3, 4, 5, 6, 7], 5));
    expect(reading).toMatchObject({ value: 7, before: 4, trend: 'up' });
  });

  it('should call a change under 1 % flat, and a figure with nothing before it flat', () => {
    expect(widgetReading(answer([100, 100.9])).trend).toBe('flat');
    expect(widgetReading(answer([100, 101])).trend).toBe('up');
    expect(widgetReading(answer([null, null, 3])).trend).toBe('flat');
  });

  it('should have no value when the answer has no figure at all', () => {
    expect(widgetReading(answer([null, null]))).toEqual({
      value: null,
      time: null,
      before: null,
      trend: 'flat',
    });
    expect(widgetReading(answer([])).value).toBeNull();
  });
});

describe('formatWidgetValue', () => {
  it('should abbreviate device counts K, M and B', () => {
    expect(formatWidgetValue('connectedDevices', 950, 'en')).toEqual({ text: '950', unit: '' });
    expect(formatWidgetValue('connectedDevices', 1250, 'en').text).toBe('1.3K');
    expect(formatWidgetValue('connectedDevices', 2_400_000, 'en').text).toBe('2.4M');
    expect(formatWidgetValue('connectedDevices', 3_000_000_000, 'en').text).toBe('3B');
    expect(formatWidgetValue('averageLocalNet', 12.34, 'en').text).toBe('12.3');
    expect(formatWidgetValue('connectedDevices', 1250, 'fr').text).toBe('1,3K');
    expect(formatWidgetValue('averageLocalNet', 9.5, 'es').text).toBe('9,5');
  });

  it('should give scores out of 5 and percents with one decimal in the user’s language', () => {
    expect(formatWidgetValue('averageQoe', 3.456, 'en')).toEqual({ text: '3.5', unit: '/ 5' });
    expect(formatWidgetValue('wifiPercent', 81.25, 'fr')).toEqual({ text: '81,3', unit: '%' });
  });

  it('should scale bit rates by 1000 to the largest unit at 1 or more', () => {
    expect(formatWidgetValue('downstreamBPSAverage', 950, 'en')).toEqual({
      text: '950',
      unit: 'bps',
    });
    expect(formatWidgetValue('downstreamBPSAverage', 23_456_000, 'es')).toEqual({
      text: '23,5',
      unit: 'Mbps',
    });
    expect(formatWidgetValue('downstreamBPSAverage', 1_200_000_000, 'en').unit).toBe('Gbps');
  });
});

describe('widgetChart', () => {
  it('should draw bit rates in Mbps at each point’s time, keeping gaps', () => {
    expect(widgetChart(answer([2_000_000, null], 60), 'downstreamBPSAverage')).toEqual({
      x: [start, start + 4 * quarter],
      values: [2, null],
    });
  });
});

describe('selectionRange', () => {
  it('should run a selection that reaches the last point on to now, and keep any other', () => {
    const now = start + 10 * quarter;
    const last = start + 8 * quarter;
    expect(selectionRange({ start: start + 9 * quarter, end: start }, last, now)).toEqual({
      start,
      end: now,
    });
    expect(selectionRange({ start, end: start + quarter }, last, now)).toEqual({
      start,
      end: start + quarter,
    });
  });
});

describe('dashboardRefetchInterval', () => {
  it('should read again every 300 s after the first load, 9 times, then stop', () => {
    const after = (loads: number) =>
      dashboardRefetchInterval({ state: { dataUpdateCount: loads } });
    expect(after(1)).toBe(dashboardRefreshMs);
    expect(after(9)).toBe(dashboardRefreshMs);
    expect(after(10)).toBe(false);
  });
});
