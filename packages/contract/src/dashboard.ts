import { z } from 'zod';

/**
 * The fleet dashboard (seed 001 sections 2, 3, 4 and 9): widgets each with a fleet-wide series,
 * one chart at a time, and in demo mode the broadband experience widget, the experience rating
 * factors and the heat map. Every figure is the fleet's, computed by the QoE job from the store
 * (docs/qoe-model.md); decision 021.
 */

/** The widgets whose series `GET /api/populationMetric/v1/span/{widgetPath}` answers. */
export const dashboardWidgets = [
  'connectedDevices',
  'averageQoe',
  'downstreamBPSAverage',
  'wifiPercent',
  'averageLocalNet',
  'broadbandExperience',
] as const;
export type DashboardWidget = (typeof dashboardWidgets)[number];
/** Shown in demo mode only (seed 001 section 2). */
export const demoOnlyWidgets: readonly DashboardWidget[] = ['broadbandExperience'];

/**
 * What each widget's value is: `connectedDevices` LAN devices listed across the fleet,
 * `averageQoe` the mean overall score (0–5), `downstreamBPSAverage` a home's mean downstream
 * bits per second, `wifiPercent` the share of LAN devices on WiFi, `averageLocalNet` LAN devices
 * per home, `broadbandExperience` the mean of the experience rating factors (0–5).
 */
export const widgetUnits: Record<DashboardWidget, 'count' | 'score' | 'bps' | 'percent'> = {
  connectedDevices: 'count',
  averageQoe: 'score',
  downstreamBPSAverage: 'bps',
  wifiPercent: 'percent',
  averageLocalNet: 'count',
  broadbandExperience: 'score',
};

/** Seed 001 section 9: the widgets' window, the chart's week, its spacing, and refreshes. */
export const widgetWindowMinutes = 15;
export const dashboardWeekDays = 8;
export const dashboardChartIntervalSeconds = 3600;
export const dashboardRefreshMs = 300_000;
export const dashboardRefreshRepeats = 9;
/** A zoom reloads only a range at least this long. */
export const dashboardMinZoomMinutes = 15;
export const dashboardChartHeight = { demo: 310, normal: 400 } as const;

/** GET /api/populationMetric/v1/span/{widgetPath}?startTime&endTime. */
export const populationMetricResponseSchema = z.object({
  /** One value per interval from `startTime`, null where the fleet had no data. */
  data: z.array(z.number().nullable()),
  intervalMinutes: z.number(),
  startTime: z.number(),
});
export type PopulationMetricResponse = z.infer<typeof populationMetricResponseSchema>;

export type TrendDirection = 'up' | 'down' | 'flat';

/** Seed 001 section 9: a trend under 0.01 is flat. Relative change from `before` to `now`. */
export function trendDirection(before: number | null, now: number | null): TrendDirection {
  if (before === null || now === null) return 'flat';
  const change = before === 0 ? now : (now - before) / Math.abs(before);
  if (Math.abs(change) < 0.01) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** Device counts abbreviate K, M, B (seed 001 section 9): 1,250 → 1.3K. */
export function abbreviateCount(value: number): string {
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, unit] of units) {
    if (Math.abs(value) >= size) return `${Number((value / size).toFixed(1))}${unit}`;
  }
  return String(Number(value.toFixed(1)));
}

/** The demo panel's experience rating factors (seed 001 section 2). */
export const ratingFactors = [
  'deviceUptime',
  'wifiRSSI',
  'wanSNR',
  'wifiDownstream',
  'speedTest',
  'wifiUpstream',
] as const;
export type RatingFactor = (typeof ratingFactors)[number];

export const ratingFactorSchema = z.object({
  title: z.enum(ratingFactors),
  /** 0–5; null where the store has no source for it (docs/qoe-model.md says which). */
  value: z.number().min(0).max(5).nullable(),
  trendDirection: z.enum(['up', 'down', 'flat']),
});
export type RatingFactorValue = z.infer<typeof ratingFactorSchema>;

/** GET /api/experienceRating/v1 (ours): the rating factors over the widgets' window. */
export const experienceRatingResponseSchema = z.object({
  factors: z.array(ratingFactorSchema),
  startTime: z.number(),
  endTime: z.number(),
});
export type ExperienceRatingResponse = z.infer<typeof experienceRatingResponseSchema>;

/** An overall score below this is a broadband alert on the heat map. */
export const broadbandAlertBelow = 2;

/** GET /api/fleetMap/v1 (ours): the fleet's located gateways and their overall score. */
export const fleetMapResponseSchema = z.object({
  gateways: z.array(
    z.object({
      lineOfServiceCode: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      /** 0–5, -1 when unavailable. */
      overallScore: z.number(),
      alert: z.boolean(),
    }),
  ),
});
export type FleetMapResponse = z.infer<typeof fleetMapResponseSchema>;

/** GET /api/feedbackSettings/v1 (ours): the feedback collector frame's address, null for none. */
export const feedbackSettingsResponseSchema = z.object({ url: z.string().nullable() });
export type FeedbackSettingsResponse = z.infer<typeof feedbackSettingsResponseSchema>;
