import { describe, expect, it } from 'vitest';
import { backfillSpacing, backfillTimes } from './backfill';

const day = 86_400;
const to = Date.UTC(2026, 0, 31, 12) / 1000;

describe(backfillTimes.name, () => {
  it('should report every interval for a day, every 15 minutes for a week, every 2 hours before', () => {
    const times = backfillTimes(to - 30 * day, to, 300);
    const gapsAfter = (from: number, until: number): Set<number> =>
      new Set(
        times
          .slice(1)
          .map((time, index) => [times[index]!, time - times[index]!] as const)
          .filter(([time]) => time >= from && time < until)
          .map(([, gap]) => gap),
      );

    expect(gapsAfter(to - day, to)).toEqual(new Set([300]));
    expect(gapsAfter(to - 7 * day, to - day - 900)).toEqual(new Set([900]));
    expect(gapsAfter(to - 30 * day, to - 7 * day - 7200)).toEqual(new Set([7200]));
    expect(times.length).toBeGreaterThan(288 + 6 * 96 + 23 * 12 - 3);
    expect(times.length).toBeLessThan(288 + 6 * 96 + 23 * 12 + 3);
  });

  it('should stay within from and to, oldest first, on whole seconds', () => {
    const times = backfillTimes(to - 10 * day + 17, to, 300, 0.37);

    expect(times[0]).toBeGreaterThanOrEqual(to - 10 * day + 17);
    expect(times.at(-1)).toBeLessThanOrEqual(to);
    expect(times.every((time, index) => index === 0 || time > times[index - 1]!)).toBe(true);
    expect(times.every(Number.isInteger)).toBe(true);
  });

  it('should never report more often than the interval', () => {
    const times = backfillTimes(to - 9 * day, to, 3600);
    const gaps = times.slice(1).map((time, index) => time - times[index]!);

    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(3600);
  });

  it('should shift the grid by the phase, so gateways do not report on the same second', () => {
    const [first] = backfillTimes(to - day, to, 300, 0);
    const [shifted] = backfillTimes(to - day, to, 300, 0.5);

    expect((shifted! - first!) % 300).toBe(150);
  });
});

describe(backfillSpacing.name, () => {
  it('should name the spacing of the span a time falls in, for the report to declare', () => {
    expect(backfillSpacing(to - 20 * day, to, 300)).toBe(7200);
    expect(backfillSpacing(to - 3 * day, to, 300)).toBe(900);
    expect(backfillSpacing(to - 3600, to, 300)).toBe(300);
    expect(backfillSpacing(to - 3 * day, to, 3600)).toBe(3600);
  });
});
