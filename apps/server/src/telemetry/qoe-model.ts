import { type SQL, sql } from 'drizzle-orm';

/**
 * The QoE model's thresholds (docs/qoe-model.md says why each sits where it does). Each maps a
 * measurement to 0–5 by straight lines between its points, flat beyond the first and the last;
 * the scoring job's SQL is built from these tables, so the document, the job and the tests read
 * the same numbers.
 */
export type Curve = readonly (readonly [measurement: number, score: number])[];

/** Average CPU load in percent: headroom to 50 %, queueing delay climbing past 70 %. */
export const cpuCurve: Curve = [
  [50, 5],
  [70, 4],
  [85, 2],
  [95, 0],
];

/** Free RAM in percent of the total. */
export const freeRamCurve: Curve = [
  [0, 0],
  [5, 1],
  [10, 2],
  [20, 3],
  [40, 5],
];

/** Seed 001 section 9's WiFi signal percent: 1 bar under 25, 2 from 25, 3 from 50, 4 from 75. */
export const wifiPercentCurve: Curve = [
  [0, 0],
  [25, 2],
  [50, 3],
  [75, 4],
  [100, 5],
];

/** The gateway's temperature in °C. */
export const temperatureCurve: Curve = [
  [60, 5],
  [70, 4],
  [80, 2],
  [90, 1],
  [100, 0],
];

/** A DSL line's downstream noise margin in dB (the weakest line's, when bonded). */
export const dslMarginCurve: Curve = [
  [0, 0],
  [3, 2],
  [6, 4],
  [10, 5],
];

/** A DOCSIS modem's mean downstream SNR in dB. */
export const docsisSnrCurve: Curve = [
  [25, 0],
  [30, 1],
  [33, 3],
  [36, 4],
  [40, 5],
];

/** The highest uptime in the bucket, in seconds: up an hour, six hours, a day, three, a week. */
export const uptimeCurve: Curve = [
  [0, 0],
  [3600, 1],
  [6 * 3600, 2],
  [24 * 3600, 3],
  [72 * 3600, 4],
  [168 * 3600, 5],
];

/** A WiFi device's mean link rate in kbps (rating factors only): 6 Mbit/s to 600 Mbit/s. */
export const wifiRateCurve: Curve = [
  [6_000, 0],
  [24_000, 1],
  [54_000, 2],
  [150_000, 3],
  [300_000, 4],
  [600_000, 5],
];

/** The curve at `x`, in plain numbers: for tests and the document's tables. */
export function scoreOn(curve: Curve, x: number): number {
  const first = curve[0];
  const last = curve[curve.length - 1];
  if (!first || !last) return 0;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let index = 1; index < curve.length; index += 1) {
    const [x1, y1] = curve[index] as readonly [number, number];
    const [x0, y0] = curve[index - 1] as readonly [number, number];
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return last[1];
}

/** One decimal, as every score is kept. */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

const n = (value: number): SQL => sql.raw(`${value}::double precision`);

/** The curve at the SQL expression `x` (null stays null), unrounded. */
export function curveSql(curve: Curve, x: SQL): SQL {
  const first = curve[0];
  const last = curve[curve.length - 1];
  if (!first || !last) throw new Error('a curve needs points');
  const parts: SQL[] = [sql`when ${x} <= ${n(first[0])} then ${n(first[1])}`];
  for (let index = 1; index < curve.length; index += 1) {
    const [x1, y1] = curve[index] as readonly [number, number];
    const [x0, y0] = curve[index - 1] as readonly [number, number];
    parts.push(
      sql`when ${x} <= ${n(x1)} then ${n(y0)} + (${n(y1 - y0)}) * (${x} - ${n(x0)}) / ${n(x1 - x0)}`,
    );
  }
  return sql`(case when ${x} is null then null ${sql.join(parts, sql` `)} else ${n(last[1])} end)`;
}

/** A score column's value: the curve rounded to one decimal, -1 when `x` is null. */
export function scoreSql(curve: Curve, x: SQL): SQL {
  return sql`coalesce(round((${curveSql(curve, x)})::numeric, 1)::double precision, -1)`;
}

/**
 * The overall score of the component scores: half their mean, half the lowest, over those
 * available (≥ 0), one decimal; -1 when none is. A household feels its worst problem.
 */
export function overallSql(components: SQL[]): SQL {
  return sql`(select coalesce(round(((avg(s) + min(s)) / 2)::numeric, 1)::double precision, -1)
                from unnest(array[${sql.join(components, sql`, `)}]::double precision[]) s
               where s >= 0)`;
}

/** The same rule in plain numbers. */
export function overallOf(components: readonly number[]): number {
  const available = components.filter((score) => score >= 0);
  if (available.length === 0) return -1;
  const mean = available.reduce((total, score) => total + score, 0) / available.length;
  return oneDecimal((mean + Math.min(...available)) / 2);
}

/** How many of a line's WiFi devices lead its WiFi score: the weakest third, at least one. */
export const weakestShare = 1 / 3;
