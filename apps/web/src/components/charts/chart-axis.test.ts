import { describe, expect, it } from 'vitest';
import { formatX, markerLabelLeft, tableRows, timeAxis, wholeIncrements } from './chart-axis';
import type { ChartXAxis } from './chart-types';

const channels = [-1, 0, 1, 2];
const slotAxis: ChartXAxis = {
  kind: 'value',
  label: 'Channel',
  format: (slot) => String(channels[slot] ?? ''),
};
const frequencyAxis: ChartXAxis = {
  kind: 'value',
  label: 'Frequency',
  format: (mhz) => mhz.toFixed(1),
  unit: 'MHz',
};

describe('formatX', () => {
  it('should write a time axis x as a date and time in the user language', () => {
    expect(formatX(timeAxis, 'en-GB', Date.UTC(2025, 2, 3, 14, 5))).toMatch(/3 Mar 2025/);
  });

  it('should write a value axis x through its formatter, with the unit after it', () => {
    expect(formatX(slotAxis, 'en', 2)).toBe('1');
    expect(formatX(frequencyAxis, 'en', 570)).toBe('570.0 MHz');
  });

  it('should leave an x without a name empty, without a lone unit', () => {
    expect(formatX({ ...frequencyAxis, format: () => '' }, 'en', 3)).toBe('');
  });
});

describe('tableRows', () => {
  it('should list a time axis newest first and a value axis in axis order', () => {
    expect(tableRows(timeAxis, [10, 20, 30])).toEqual([
      [30, 2],
      [20, 1],
      [10, 0],
    ]);
    expect(tableRows(slotAxis, [0, 1, 2])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });
});

describe('wholeIncrements', () => {
  it('should offer only whole steps, smallest first', () => {
    expect(wholeIncrements.slice(0, 6)).toEqual([1, 2, 5, 10, 20, 50]);
    expect(wholeIncrements.every(Number.isInteger)).toBe(true);
  });
});

describe('markerLabelLeft', () => {
  const plot = { left: 50, width: 400 };

  it('should put the label right of its line when it fits', () => {
    expect(markerLabelLeft(100, 60, plot, 4)).toBe(104);
  });

  it('should put the label left of its line near the right edge', () => {
    expect(markerLabelLeft(430, 60, plot, 4)).toBe(366);
  });

  it('should keep the label inside the plot when it fits on neither side', () => {
    expect(markerLabelLeft(60, 500, plot, 4)).toBe(50);
  });
});
