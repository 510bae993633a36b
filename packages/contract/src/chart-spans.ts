import { z } from 'zod';

/**
 * The chart timespans and their constants (seed 001 sections 4 and 9). The server answers each
 * timespan from the tier with its spacing; the client asks for spans by these names.
 */
export const timespans = ['hour', 'halfday', 'day', 'week', 'month'] as const;
export type Timespan = (typeof timespans)[number];
export const timespanSchema = z.enum(timespans);

/** Seconds between two points of a timespan's chart: the tier it is read from. */
export const timespanSpacingSeconds: Record<Timespan, number> = {
  hour: 60,
  halfday: 900,
  day: 900,
  week: 7200,
  month: 28800,
};

/** How far back each bandwidth timespan reaches (hour 1 h, half-day 11.75 h, day 23.75 h, week 165.8 h, month ~29.7 days). */
export const bandwidthTimespanSeconds: Record<Timespan, number> = {
  hour: 3600,
  halfday: 11.75 * 3600,
  day: 23.75 * 3600,
  week: 165.8 * 3600,
  month: 29.7 * 86_400,
};

/** The reporting frequency when none is known, and the least accepted (seconds). */
export const defaultReportingFrequencySeconds = 300;

/** Zoom on the bandwidth chart: at least three reporting intervals, at most 26 hours. */
export const minZoomReportingIntervals = 3;
export const maxZoomSeconds = 26 * 3600;
/** A zoom's request starts this much before the chosen start, so its first point is whole. */
export const zoomLeadSeconds = 120;

/**
 * Auto-refresh periods (seed 001 section 4), from the reporting frequency in seconds: the
 * bandwidth chart every frequency/5 seconds, the summary and WiFi charts a fifth of it, never
 * more often than once a minute.
 */
export function refreshSeconds(reportingFrequencySeconds: number): number {
  return Math.max(60, reportingFrequencySeconds / 5);
}

/** Bytes to KB, MB, GB, TB and bps to kbps… (seed 001 section 9: a factor of 1000). */
export const unitScale = 1000;

/** A reporting frequency as the parameter gives it: only numbers count, 0 means the default. */
export function reportingFrequencyOf(value: unknown): number {
  const seconds = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(seconds) || seconds <= 0) return defaultReportingFrequencySeconds;
  return Math.max(defaultReportingFrequencySeconds, seconds);
}
