import { formatDateTime } from './chart-format';
import type { ChartXAxis } from './chart-types';

export const timeAxis: ChartXAxis = { kind: 'time' };

/** An x as the legend heads its values and the data table labels its row. */
export function formatX(axis: ChartXAxis, language: string, x: number): string {
  if (axis.kind === 'time') return formatDateTime(language, x);
  const formatted = axis.format(x);
  return axis.unit && formatted !== '' ? `${formatted} ${axis.unit}` : formatted;
}

/**
 * The data table's rows as [x, index]: newest first on a time axis (the latest figures are what
 * a reader looks for, and a span that reaches back before the first report would otherwise open
 * on a screen of dashes); in axis order on a value axis, where x is a place, not a moment.
 */
export function tableRows(axis: ChartXAxis, x: readonly number[]): [x: number, index: number][] {
  const rows = x.map((value, index): [number, number] => [value, index]);
  return axis.kind === 'time' ? rows.reverse() : rows;
}

/** uPlot's numeric tick steps without fractions: 1, 2, 5, 10, 20, 50… up to a million. */
export const wholeIncrements: readonly number[] = Array.from({ length: 7 }, (_, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();

/**
 * Where a marker's label starts, in canvas pixels: just right of its line, or just left of it
 * when the text would run past the plot's right edge, never left of the plot.
 */
export function markerLabelLeft(
  lineX: number,
  textWidth: number,
  plot: { left: number; width: number },
  gap: number,
): number {
  const right = lineX + gap;
  if (right + textWidth <= plot.left + plot.width) return right;
  return Math.max(plot.left, lineX - gap - textWidth);
}
