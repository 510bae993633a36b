/** A time range on a chart, epoch ms. */
export interface TimeRange {
  start: number;
  end: number;
}

export interface ZoomLimits {
  /** The shortest range worth loading, in seconds (e.g. three reporting intervals). */
  minSeconds: number;
  /** The longest range the server serves at zoom resolution, in seconds. */
  maxSeconds: number;
  /** Now, epoch ms: a selection cannot reach past it. */
  now: number;
}

export type ZoomDecision =
  | { kind: 'zoom'; range: TimeRange }
  | { kind: 'too-short'; minSeconds: number }
  | { kind: 'too-long'; maxSeconds: number };

/**
 * Whether a dragged selection becomes a zoom: its end is clamped to now first (there is no data
 * after it), then it must cover at least `minSeconds` and at most `maxSeconds`.
 */
export function decideZoom(selection: TimeRange, limits: ZoomLimits): ZoomDecision {
  const start = Math.min(selection.start, selection.end);
  const end = Math.min(Math.max(selection.start, selection.end), limits.now);
  const seconds = (end - start) / 1000;
  if (seconds < limits.minSeconds) return { kind: 'too-short', minSeconds: limits.minSeconds };
  if (seconds > limits.maxSeconds) return { kind: 'too-long', maxSeconds: limits.maxSeconds };
  return { kind: 'zoom', range: { start, end } };
}
