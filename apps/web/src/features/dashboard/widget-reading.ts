import {
  abbreviateCount,
  type DashboardWidget,
  dashboardChartIntervalSeconds,
  dashboardMinZoomMinutes,
  dashboardRefreshMs,
  dashboardRefreshRepeats,
  dashboardWeekDays,
  type PopulationMetricResponse,
  type TrendDirection,
  trendDirection,
  unitScale,
  widgetUnits,
  widgetWindowMinutes,
} from '@linesight/contract';
import type { TimeRange, ZoomLimits } from '../../components/charts/zoom';

/**
 * What the dashboard reads of the population metric answers (decision 022): a widget's value and
 * trend, the chart's series and range, the zoom limits and the refresh budget.
 */

const minuteMs = 60_000;

/**
 * How far back a widget asks: four of its 15-minute windows. The fleet's figures are computed per
 * 15-minute bucket once the bucket has closed and been rolled up, so the newest one is up to two
 * windows old; an hour finds it and the one before it, and a fleet silent for an hour shows none.
 */
export const widgetLookbackMinutes = 4 * widgetWindowMinutes;

/** The span a widget asks for at `now`: computed when the query runs, so a refresh moves on. */
export function widgetRange(now: number = Date.now()): TimeRange {
  return { start: now - widgetLookbackMinutes * minuteMs, end: now };
}

/** The chart's default span (seed 001 section 9): the dashboard week, about 8 days back. */
export function dashboardWeekRange(now: number = Date.now()): TimeRange {
  return { start: now - dashboardWeekDays * 86_400_000, end: now };
}

export interface WidgetReading {
  /** The newest figure the fleet has, null when the answer has none. */
  value: number | null;
  /** When that figure's window starts, epoch ms. */
  time: number | null;
  /** The newest figure at least one window (15 minutes) older, which the trend compares with. */
  before: number | null;
  trend: TrendDirection;
}

/** Each point's time: the answer's start plus its index in intervals. */
export function pointTimes(answer: PopulationMetricResponse): number[] {
  return answer.data.map(
    (_, index) => answer.startTime + index * answer.intervalMinutes * minuteMs,
  );
}

/**
 * A widget's figure: the newest non-null point of the answer, and its trend against the newest
 * non-null point of a window before it (at least 15 minutes older); flat under a 1 % change
 * (`trendDirection`), and flat when there is nothing to compare with.
 */
export function widgetReading(
  answer: PopulationMetricResponse,
  windowMinutes: number = widgetWindowMinutes,
): WidgetReading {
  const times = pointTimes(answer);
  const newest = answer.data.findLastIndex((value) => value !== null);
  if (newest === -1) return { value: null, time: null, before: null, trend: 'flat' };
  const value = answer.data[newest] ?? null;
  const time = times[newest] ?? null;
  const earlier = answer.data.findLastIndex(
    (point, index) =>
      point !== null &&
      index < newest &&
      (times[index] ?? 0) <= (time ?? 0) - windowMinutes * minuteMs,
  );
  const before = earlier === -1 ? null : (answer.data[earlier] ?? null);
  return { value, time, before, trend: trendDirection(before, value) };
}

export interface ShownFigure {
  /** The number as the widget shows it, e.g. `1.3K`, `3.4`, `52.1`. */
  text: string;
  /** Written after it, e.g. `/ 5`, `%`, `Mbps`; empty for counts. */
  unit: string;
}

const rateUnits = ['bps', 'kbps', 'Mbps', 'Gbps', 'Tbps'] as const;

function oneDecimal(language: string, value: number): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1, useGrouping: false }).format(
    value,
  );
}

/**
 * `abbreviateCount` (the contract's K, M, B) with its number written in the user's language:
 * 1.3K in English, 1,3K in French.
 */
function localCount(language: string, value: number): string {
  const abbreviated = abbreviateCount(value);
  const unit = /[KMB]$/.test(abbreviated) ? abbreviated.slice(-1) : '';
  const digits = Number(unit ? abbreviated.slice(0, -1) : abbreviated);
  return `${oneDecimal(language, digits)}${unit}`;
}

/**
 * A widget's value as shown: counts abbreviated K, M, B (`abbreviateCount`), scores out of 5 and
 * percents with one decimal, bit rates in the largest unit of 1000 that keeps them at 1 or more
 * (seed 001 section 9: bps to Tbps by a factor of 1000).
 */
export function formatWidgetValue(
  widget: DashboardWidget,
  value: number,
  language: string,
): ShownFigure {
  switch (widgetUnits[widget]) {
    case 'count':
      return { text: localCount(language, value), unit: '' };
    case 'score':
      return { text: oneDecimal(language, value), unit: '/ 5' };
    case 'percent':
      return { text: oneDecimal(language, value), unit: '%' };
    case 'bps': {
      let scaled = value;
      let unit = 0;
      while (Math.abs(scaled) >= unitScale && unit < rateUnits.length - 1) {
        scaled /= unitScale;
        unit += 1;
      }
      return { text: oneDecimal(language, scaled), unit: rateUnits[unit] ?? 'bps' };
    }
  }
}

export interface WidgetChartScale {
  /** What each point is multiplied by before it is drawn (bps are drawn in Mbps). */
  factor: number;
  /** Null for device counts: the screen writes the word ("devices") in the user's language. */
  unit: string | null;
  /** A fixed top: 5 for scores, 100 for percents. */
  yMax?: number;
}

/** How the chart draws a widget's series: one unit for the whole span, so points compare. */
export function widgetChartScale(widget: DashboardWidget): WidgetChartScale {
  switch (widgetUnits[widget]) {
    case 'count':
      return { factor: 1, unit: null };
    case 'score':
      return { factor: 1, unit: '/ 5', yMax: 5 };
    case 'percent':
      return { factor: 1, unit: '%', yMax: 100 };
    case 'bps':
      return { factor: 1 / unitScale ** 2, unit: 'Mbps' };
  }
}

/** The chart's points: times and the widget's values in the chart's unit. */
export function widgetChart(
  answer: PopulationMetricResponse,
  widget: DashboardWidget,
): { x: number[]; values: (number | null)[] } {
  const { factor } = widgetChartScale(widget);
  return {
    x: pointTimes(answer),
    values: answer.data.map((value) => (value === null ? null : value * factor)),
  };
}

/**
 * Seed 001 section 4: a dragged range reloads when it covers at least 15 minutes; at most the
 * dashboard week (nothing older is kept at the chart's spacing).
 */
export function dashboardZoomLimits(now: number = Date.now()): ZoomLimits {
  return {
    minSeconds: dashboardMinZoomMinutes * 60,
    maxSeconds: dashboardWeekDays * 86_400 + dashboardChartIntervalSeconds,
    now,
  };
}

/**
 * A dragged selection as a range to load: the chart's last point stands for the interval that
 * starts there, still filling, so a selection that reaches it runs on to now. Otherwise the
 * newest hour of the week would be left out of a zoom on its right end.
 */
export function selectionRange(
  selection: TimeRange,
  lastX: number | undefined,
  now: number,
): TimeRange {
  const start = Math.min(selection.start, selection.end);
  const end = Math.max(selection.start, selection.end);
  return { start, end: lastX !== undefined && end >= lastX ? now : end };
}

/**
 * Seed 001 section 4: the dashboard reads again every 300 000 ms, 9 times, then stays as it is
 * until the page is opened again. `dataUpdateCount` counts the first load too.
 */
export function dashboardRefetchInterval(query: {
  state: { dataUpdateCount: number };
}): number | false {
  return query.state.dataUpdateCount <= dashboardRefreshRepeats ? dashboardRefreshMs : false;
}
