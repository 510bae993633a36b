/**
 * The 25 colours that device series cycle through (seed 001 section 3, chart state): the 26th
 * device takes the first colour again. Chosen to stay apart on white and from each other in
 * neighbours, since a home's devices are listed (and coloured) in the order the server gives.
 */
export const deviceColours = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#e6550d',
  '#31a354',
  '#ad494a',
  '#756bb1',
  '#843c39',
  '#d6616b',
  '#636363',
  '#8ca252',
  '#3182bd',
  '#fd8d3c',
  '#74c476',
  '#9e9ac8',
  '#e7969c',
  '#637939',
] as const;

/** The colour of the device series at `index` (0-based), cycling through the 25. */
export function deviceColour(index: number): string {
  const length = deviceColours.length;
  return deviceColours[((index % length) + length) % length] ?? deviceColours[0];
}
