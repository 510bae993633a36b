/**
 * The indexes of readings with no reading on either side. A line needs two neighbouring points,
 * so a week or month that holds a single report (a new line, a gateway back after a long gap)
 * would draw nothing there; the chart marks these with a dot instead.
 */
export function isolatedPoints(values: ArrayLike<number | null | undefined>): number[] {
  const isolated: number[] = [];
  for (let index = 0; index < values.length; index++) {
    if (values[index] == null) continue;
    if (values[index - 1] == null && values[index + 1] == null) isolated.push(index);
  }
  return isolated;
}
