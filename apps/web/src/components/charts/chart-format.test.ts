import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatChartValue,
  formatDateTime,
  megabyteUnit,
  timeTickFormat,
} from './chart-format';

const hour = 3_600_000;
const day = 24 * hour;
// 14:05 UTC on 3 March 2025.
const instant = Date.UTC(2025, 2, 3, 14, 5);

describe('timeTickFormat', () => {
  it('should label ticks under a day apart with the time of day in the user time zone', () => {
    expect(timeTickFormat('en-GB', hour, 12 * hour, 'UTC')(instant)).toBe('14:05');
    expect(timeTickFormat('en-GB', hour, 12 * hour, 'Europe/Paris')(instant)).toBe('15:05');
    expect(timeTickFormat('en-US', hour, 12 * hour, 'UTC')(instant)).toBe('02:05 PM');
  });

  it('should add the date when the axis covers more than a day', () => {
    expect(timeTickFormat('en-GB', 6 * hour, 7 * day, 'UTC')(instant)).toBe('3 Mar, 14:05');
  });

  it('should label ticks a day or more apart with the date, in the user language', () => {
    expect(timeTickFormat('en-GB', day, 30 * day, 'UTC')(instant)).toBe('3 Mar');
    expect(timeTickFormat('fr', day, 30 * day, 'UTC')(instant)).toBe('3 mars');
    expect(timeTickFormat('es', day, 30 * day, 'UTC')(instant)).toBe('3 mar');
  });
});

describe('formatDateTime', () => {
  it('should write date and time in the user language and time zone', () => {
    expect(formatDateTime('en-GB', instant, 'UTC')).toBe('3 Mar 2025, 14:05');
    expect(formatDateTime('fr', instant, 'America/New_York')).toBe('3 mars 2025, 09:05');
  });
});

describe('formatChartValue', () => {
  it('should keep three significant digits under 100 and whole numbers above', () => {
    expect(formatChartValue('en', 1.23456)).toBe('1.23');
    expect(formatChartValue('en', 0.004567)).toBe('0.00457');
    expect(formatChartValue('en', 1234.5)).toBe('1,235');
    expect(formatChartValue('en', 0)).toBe('0');
  });

  it('should use the user language decimal and group separators', () => {
    expect(formatChartValue('fr', 1.5)).toBe('1,5');
    expect(formatChartValue('es', 1.5)).toBe('1,5');
    expect(formatChartValue('en', 1.5)).toBe('1.5');
  });

  it('should show a dash where nothing was reported', () => {
    expect(formatChartValue('en', null)).toBe('–');
    expect(formatChartValue('en', undefined)).toBe('–');
  });
});

describe('formatBytes', () => {
  it('should scale bytes by the factor 1000', () => {
    expect(formatBytes('en', 999)).toBe('999 B');
    expect(formatBytes('en', 1000)).toBe('1 kB');
    expect(formatBytes('en', 2_500_000)).toBe('2.5 MB');
    expect(formatBytes('en', 3.21e9)).toBe('3.21 GB');
    expect(formatBytes('en', 4e15)).toBe('4,000 TB');
  });

  it('should count octets in French, bytes in Spanish', () => {
    expect(formatBytes('fr', 2_500_000)).toBe('2,5 Mo');
    expect(formatBytes('fr-FR', 999)).toBe('999 o');
    expect(formatBytes('es', 2_500_000)).toBe('2,5 MB');
    expect(megabyteUnit('fr')).toBe('Mo');
    expect(megabyteUnit('en')).toBe('MB');
  });
});
