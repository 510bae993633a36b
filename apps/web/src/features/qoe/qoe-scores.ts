import {
  type IndividualQoeResponse,
  type QoeComponentScore,
  qoeComponentScores,
  type QoeMeasurement,
  qoeScoreMax,
  type QoeScores,
  qoeUnavailable,
} from '@linesight/contract';
import { deviceColour } from '../../components/charts/chart-colours';
import type { ChartSeries } from '../../components/charts/chart-types';

/**
 * What the QoE page makes of the line's scores (seed 001 sections 2 and 9; how each score is
 * computed is docs/qoe-model.md): the chart's three series, the scores and figures as the table
 * shows them, and which of the latest scores pulled the line down and why.
 */

/** The chart's series, in the seed's order: `cpupercent`, `freeram`, `wifi`. */
export const qoeChartSeries = ['cpupercent', 'freeram', 'wifi'] as const;
export type QoeChartSeriesKey = (typeof qoeChartSeries)[number];

/** Seed 001 section 9: the QoE axis runs 0 to 5.05, so a 5 is not drawn on the frame. */
export const qoeChartTop = 5.05;

export interface QoeChart {
  x: number[];
  series: ChartSeries[];
  /** The series with a -1 in the span, drawn at 0: the chart says so under its controls. */
  drawnAtZero: QoeChartSeriesKey[];
}

/**
 * The three score lines over the span, all shown at first. A -1 (the gateway did not report what
 * the score needs) is drawn at 0, as the seed says; an interval with no score is a gap. Each
 * series carries its own spacing, so the x axis is every time any of them has.
 */
export function qoeChart(
  response: IndividualQoeResponse,
  names: Record<QoeChartSeriesKey, string>,
  unit: string,
): QoeChart {
  const byKey = qoeChartSeries.map((key) => {
    const series = response.timeseries[key];
    const intervalMs = series.intervalMinutes * 60_000;
    const values = new Map<number, number | null>();
    series.data.forEach((score, index) =>
      values.set(
        response.startTime + index * intervalMs,
        score === null ? null : Math.max(score, 0),
      ),
    );
    return { key, values };
  });
  const x = [...new Set(byKey.flatMap(({ values }) => [...values.keys()]))].sort((a, b) => a - b);
  return {
    x,
    drawnAtZero: qoeChartSeries.filter((key) =>
      response.timeseries[key].data.some((score) => score === qoeUnavailable),
    ),
    series: byKey.map(({ key, values }, index) => ({
      key,
      name: names[key],
      colour: deviceColour(index),
      unit,
      values: x.map((time) => values.get(time) ?? null),
    })),
  };
}

/** A score with its one decimal in the user's language; '–' for -1 (not reported). */
export function formatScore(language: string, score: number): string {
  if (score === qoeUnavailable) return '–';
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(score);
}

/** A score the line scored below the top, with the measurements it read. */
export interface WeakScore {
  score: QoeComponentScore;
  value: number;
  measurements: QoeMeasurement[];
}

/**
 * The latest scores that pulled the line down: those below 5, lowest first (ties in the seed's
 * column order), at most `limit`, each with what it read. Scores the gateway did not report
 * (-1) are not among them: `unreportedScores` lists those.
 */
export function weakestScores(
  latest: QoeScores,
  measurements: readonly QoeMeasurement[],
  limit = 3,
): WeakScore[] {
  return qoeComponentScores
    .filter((score) => latest[score] !== qoeUnavailable && latest[score] < qoeScoreMax)
    .map((score) => ({
      score,
      value: latest[score],
      measurements: measurements.filter((measurement) => measurement.score === score),
    }))
    .sort((a, b) => a.value - b.value)
    .slice(0, limit);
}

/** The latest scores the gateway gave nothing for. */
export function unreportedScores(latest: QoeScores): QoeComponentScore[] {
  return qoeComponentScores.filter((score) => latest[score] === qoeUnavailable);
}

/**
 * An uptime as a reader takes it in: days from a day up, hours from an hour up (one
 * decimal), else whole minutes, in the user's language ("3.2 days", "5 heures", "48 minutes").
 */
export function formatUptime(language: string, seconds: number): string {
  const [count, unit] =
    seconds >= 86_400
      ? [seconds / 86_400, 'day']
      : seconds >= 3600
        ? [seconds / 3600, 'hour']
        : [Math.round(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(count);
}
