import type { TierSeconds } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { type Range, tierForSpan } from '../../telemetry/series.repository';

/**
 * The x axis of the span charts (bandwidth zoom, physical status, WAN statistics): a span's
 * `startTime` and `endTime` as the query gives them, checked, and the buckets of the tier
 * `tierForSpan` gives it that hold any of the span.
 */

/** A run of `points` buckets of `tier` from `start`. */
export interface Grid {
  tier: TierSeconds;
  start: Date;
  points: number;
}

export const gridEnd = ({ tier, start, points }: Grid): Date =>
  new Date(start.getTime() + points * tier * 1000);

/** The series repository's range covering the grid. */
export const gridRange = (grid: Grid): Range => ({
  tier: grid.tier,
  from: grid.start,
  to: gridEnd(grid),
});

/** The buckets of the span's tier that hold any of [from, to). */
export function spanGrid(from: number, to: number): Grid {
  const tier = tierForSpan((to - from) / 1000);
  const tierMs = tier * 1000;
  const start = Math.floor(from / tierMs) * tierMs;
  return { tier, start: new Date(start), points: Math.ceil((to - start) / tierMs) };
}

/** The index of `bucket` on the grid, or null when it falls outside. */
export function gridIndex(grid: Grid, bucket: Date): number | null {
  const index = (bucket.getTime() - grid.start.getTime()) / (grid.tier * 1000);
  return Number.isInteger(index) && index >= 0 && index < grid.points ? index : null;
}

/** A series of the grid's length, null everywhere. */
export const emptySeries = (grid: Grid): (number | null)[] =>
  Array<number | null>(grid.points).fill(null);

export type SpanRefusal =
  'MONITORING.INVALID_TIME' | 'MONITORING.SPAN_START_AFTER_END' | 'MONITORING.SPAN_TOO_LONG';

export const spanRefused = (code: SpanRefusal, message: string): ApiError =>
  new ApiError(400, code, message);

/** Epoch ms as the query gives them: digits, a sign or a fraction allowed, nothing else. */
function timeOf(text: string, name: string): number {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) {
    throw spanRefused('MONITORING.INVALID_TIME', `${name} must be a time in epoch milliseconds.`);
  }
  return Math.floor(value);
}

/**
 * The span a query asks for, its end clamped to `endAtMost` when given; refused when a time is
 * not one, when it does not start before it ends, or when it is longer than `maxSeconds`.
 */
export function spanOf(
  query: { startTime: string; endTime: string },
  limits: { maxSeconds: number; tooLong: string; endAtMost?: Date },
): { from: number; to: number } {
  const from = timeOf(query.startTime, 'startTime');
  const asked = timeOf(query.endTime, 'endTime');
  const to = limits.endAtMost ? Math.min(asked, limits.endAtMost.getTime()) : asked;
  if (from >= to) {
    throw spanRefused('MONITORING.SPAN_START_AFTER_END', 'startTime must be before endTime.');
  }
  if (to - from > limits.maxSeconds * 1000) {
    throw spanRefused('MONITORING.SPAN_TOO_LONG', limits.tooLong);
  }
  return { from, to };
}
