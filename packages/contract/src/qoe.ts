import { z } from 'zod';

/**
 * Quality of experience (seed 001 sections 2, 3, 4, 5, 7 and 9): a line's scores, the QoE report,
 * the per-line QoE chart and daily table, the corrective action cards and the uptime report.
 * How each score is computed from the store is docs/qoe-model.md; the API is decision 021.
 *
 * A score is 0 to 5 (one decimal), or -1 when the gateway did not report what the score needs.
 * Times are epoch ms.
 */

export const qoeScoreMax = 5;
/** A score whose measurements the gateway did not report. */
export const qoeUnavailable = -1;

/** The five scores the overall score combines, in the seed's column order. */
export const qoeComponentScores = [
  'cpuPercentScore',
  'freeRamScore',
  'wifiScore',
  'physicalStatusScore',
  'avgMaxUptimeScore',
] as const;
export type QoeComponentScore = (typeof qoeComponentScores)[number];

const score = z.number().min(qoeUnavailable).max(qoeScoreMax);
const percent = z.number().min(0).max(100).nullable();

/** What a score read, so that a page can say which measurement pulled it down. */
export const qoeMeasurementSchema = z.object({
  score: z.enum(qoeComponentScores),
  /**
   * What was measured: `usedCpuPercent`, `freeRamPercent`, `wifiSignalPercent` (seed 001
   * section 9's percent, the mean of the weakest third of the WiFi devices, at least one),
   * `temperatureC`, `dslMarginDb`, `docsisSnrDb`, `avgMaxUptimeSeconds` (the interval's
   * highest uptime).
   */
  measurement: z.string().max(40),
  /** In the unit its name says; null when not reported. */
  value: z.number().nullable(),
});
export type QoeMeasurement = z.infer<typeof qoeMeasurementSchema>;

/** A line's scores over a window (the report's, an interval's, a day's). */
export const qoeScoresSchema = z.object({
  overallScore: score,
  cpuPercentScore: score,
  freeRamScore: score,
  wifiScore: score,
  physicalStatusScore: score,
  avgMaxUptimeScore: score,
  /** The window's average CPU load and used RAM, in percent. */
  usedCpuPercent: percent,
  usedRamPercent: percent,
  /** The most LAN devices the gateway listed at once in the window. */
  lanHostCount: z.number().int().min(0).nullable(),
});
export type QoeScores = z.infer<typeof qoeScoresSchema>;

/** A QoE report row: a line and its scores over the report's window. */
export const qoeResultSchema = qoeScoresSchema.extend({
  lineOfServiceCode: z.string(),
  subscriberName: z.string(),
  subscriberCode: z.string(),
  deviceType: z.string().nullable(),
  deviceIdentifier: z.string().nullable(),
});
export type QoeResult = z.infer<typeof qoeResultSchema>;

/** The report's columns, in the seed's order: the table's and the CSV's. */
export const qoeReportColumns = [
  'subscriberName',
  'lineOfServiceCode',
  'deviceType',
  'deviceIdentifier',
  'overallScore',
  'cpuPercentScore',
  'freeRamScore',
  'wifiScore',
  'physicalStatusScore',
  'avgMaxUptimeScore',
  'usedCpuPercent',
  'usedRamPercent',
  'lanHostCount',
] as const satisfies readonly (keyof QoeResult)[];
export type QoeReportColumn = (typeof qoeReportColumns)[number];

/** The seed's filter names and what each bounds. */
export const qoeFilters = {
  Overall: 'overallScore',
  Wifi: 'wifiScore',
  FreeRam: 'freeRamScore',
  Cpu: 'cpuPercentScore',
  PhysicalStatus: 'physicalStatusScore',
  AvgMaxUptime: 'avgMaxUptimeScore',
  UsedCpuPercent: 'usedCpuPercent',
  UsedRamPercent: 'usedRamPercent',
  LanHostCount: 'lanHostCount',
} as const satisfies Record<string, keyof QoeScores>;
export type QoeFilter = keyof typeof qoeFilters;

/** Slider ranges (seed 001 section 5): scores 0–5 step 0.1, usage percents 0–100 step 1. */
export const qoeSliderRange = {
  score: { min: 0, max: qoeScoreMax, step: 0.1 },
  percent: { min: 0, max: 100, step: 1 },
} as const;

export const qoeReportPageSizes = [10, 25, 50, 100] as const;
/** The most rows one query answers: the CSV export asks for them all at once. */
export const qoeReportMaxRows = 10_000;

const bound = z.number().finite();

/**
 * POST /api/qoe/v1/query. The seed's optional `min{Filter}` / `max{Filter}` bounds (sent only
 * when off their defaults) or one `lineOfServiceCode`; the sort and page are ours (the report
 * sorts and pages on the server: a fleet has 10,000 lines). A bound only matches lines whose
 * value is reported: `maxWifi: 2` does not list lines without WiFi devices.
 */
export const qoeQuerySchema = z
  .object({
    lineOfServiceCode: z.string().min(1).max(64).optional(),
    sort: z.enum(qoeReportColumns).default('overallScore'),
    order: z.enum(['asc', 'desc']).default('asc'),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(qoeReportMaxRows).default(10),
    ...(Object.fromEntries(
      Object.keys(qoeFilters).flatMap((filter) => [
        [`min${filter}`, bound.optional()],
        [`max${filter}`, bound.optional()],
      ]),
    ) as Record<`${'min' | 'max'}${QoeFilter}`, z.ZodOptional<typeof bound>>),
  })
  .strict();
export type QoeQuery = z.input<typeof qoeQuerySchema>;

export const qoeQueryResponseSchema = z.object({
  results: z.array(qoeResultSchema),
  /** Lines that match, over all pages. */
  total: z.number().int(),
  /** The window the scores cover. */
  startTime: z.number(),
  endTime: z.number(),
});
export type QoeQueryResponse = z.infer<typeof qoeQueryResponseSchema>;

/** One row of a line's QoE over time: an interval's scores, or a day's averages. */
export const qoeSpanRowSchema = qoeScoresSchema.extend({ timestamp: z.number() });
export type QoeSpanRow = z.infer<typeof qoeSpanRowSchema>;

/**
 * GET /api/qoe/v1/span?lineOfServiceCode&startTime&endTime: the line's scores per interval
 * (`intervalMinutes` 15) for a span up to two days, else per day (1440): the corrective cards
 * read the last 25 minutes, the QoE page's daily table the last week. `wanConnected` is the
 * gateway's state now (the Network Connection card).
 */
export const qoeSpanResponseSchema = z.object({
  intervalMinutes: z.number(),
  data: z.array(qoeSpanRowSchema),
  deviceType: z.string().nullable(),
  wanConnected: z.boolean(),
});
export type QoeSpanResponse = z.infer<typeof qoeSpanResponseSchema>;

const scoreSeries = z.object({
  /** One score per interval from the span's start, null where none was computed. */
  data: z.array(score.nullable()),
  intervalMinutes: z.number(),
});

/**
 * GET /api/individualQoe/v1/span/{losCode}?startTime&endTime: the QoE page's chart (the seed's
 * `cpupercent`, `freeram` and `wifi` series), `latestAvgMaxUptime.score`, and what the latest
 * scores read (`measurements`, the ours: the page says which one pulled a score down).
 */
export const individualQoeResponseSchema = z.object({
  startTime: z.number(),
  timeseries: z.object({ cpupercent: scoreSeries, freeram: scoreSeries, wifi: scoreSeries }),
  latestAvgMaxUptime: z.object({ score }),
  latest: qoeScoresSchema.extend({ timestamp: z.number() }).nullable(),
  measurements: z.array(qoeMeasurementSchema),
});
export type IndividualQoeResponse = z.infer<typeof individualQoeResponseSchema>;

/** The corrective action cards read the last 25 minutes, every 20 s, flagged slow after 3 s. */
export const correctiveWindowMinutes = 25;
export const correctiveRefreshSeconds = 20;
export const correctiveLatencyFlagMs = 3000;

/** The seed's corrective scores: the latest interval's, -1 where unavailable. */
export interface CorrectiveScores {
  wifi: number;
  cpuPercentScore: number;
  freeram: number;
  latestAvgMaxUptime: number;
}

export type CorrectiveCard = 'wifi' | 'cpu' | 'ram' | 'uptime' | 'networkConnection';
export type CardColour = 'yellow' | 'red';

export interface CorrectiveActions {
  cards: { card: CorrectiveCard; colour: CardColour }[];
  isAllswell: boolean;
  maybeissues: boolean;
  wehaveissues: boolean;
  allValuesNegativeOne: boolean;
}

/** A score's card colour: below `red` red, below `yellow` yellow, else none; -1 none. */
function colourOf(value: number, red: number, yellow: number): CardColour | null {
  if (value < 0) return null;
  if (value < red) return 'red';
  if (value < yellow) return 'yellow';
  return null;
}

/**
 * Seed 001 section 4: WiFi and CPU 2 or 3 yellow, 0 or 1 red; RAM and uptime 1 yellow, 0 red;
 * no WAN connection a red Network Connection card; all four -1 means all unavailable; all well
 * when uptime ≥ 2, CPU ≥ 4, RAM ≥ 2 and WiFi ≥ 4. Scores have a decimal: 3.9 is a 3.
 */
export function correctiveActions(
  scores: CorrectiveScores,
  wanConnected: boolean,
): CorrectiveActions {
  const cards: CorrectiveActions['cards'] = [];
  const add = (card: CorrectiveCard, colour: CardColour | null) => {
    if (colour) cards.push({ card, colour });
  };
  add('wifi', colourOf(scores.wifi, 2, 4));
  add('cpu', colourOf(scores.cpuPercentScore, 2, 4));
  add('ram', colourOf(scores.freeram, 1, 2));
  add('uptime', colourOf(scores.latestAvgMaxUptime, 1, 2));
  if (!wanConnected) cards.push({ card: 'networkConnection', colour: 'red' });
  const values = [scores.wifi, scores.cpuPercentScore, scores.freeram, scores.latestAvgMaxUptime];
  const allValuesNegativeOne = values.every((value) => value === qoeUnavailable);
  return {
    cards,
    isAllswell: cards.length === 0 && !allValuesNegativeOne,
    maybeissues: cards.some((card) => card.colour === 'yellow'),
    wehaveissues: cards.some((card) => card.colour === 'red'),
    allValuesNegativeOne,
  };
}

/** The uptime report lists the lines whose gateways rebooted most often, at most this many. */
export const uptimeReportMaxRows = 100;

export const uptimeRowSchema = z.object({
  lineOfServiceCode: z.string(),
  subscriberName: z.string(),
  deviceType: z.string().nullable(),
  /** docs/qoe-model.md: each spell between reboots weighted by its own length. */
  weightedAvgUptimeInSeconds: z.number().nullable(),
  /** Since the last reboot; null when the gateway has not reported. */
  uptimeInSeconds: z.number().nullable(),
  /** Reboots in the report's window. */
  reboots: z.number().int(),
});
export type UptimeRow = z.infer<typeof uptimeRowSchema>;

/** GET /api/uptimeReport/v1: most reboots first, then lowest weighted average uptime. */
export const uptimeReportResponseSchema = z.object({
  results: z.array(uptimeRowSchema).max(uptimeReportMaxRows),
  startTime: z.number(),
  endTime: z.number(),
});
export type UptimeReportResponse = z.infer<typeof uptimeReportResponseSchema>;
