import type { Timespan } from '@linesight/contract';

/** Which way traffic or a link rate goes: to the device (down) or from it (up). */
export const directions = ['downstream', 'upstream'] as const;
export type Direction = (typeof directions)[number];

/** One line of a time chart: a value per x of the chart (null where nothing was reported). */
export interface ChartSeries {
  /** Stable across reloads (a device's MAC), so a hidden series stays hidden. */
  key: string;
  name: string;
  colour: string;
  /** Shown in the legend after each value, e.g. `Mbps`, `%`. */
  unit: string;
  values: readonly (number | null)[];
  /** Off at first; the user turns it on from the legend. */
  hidden?: boolean;
}

/** A coloured background band across the chart between two values (e.g. Poor 0–25 %). */
export interface ChartBand {
  from: number;
  to: number;
  label: string;
  colour: string;
}

/** The parts a caller may offer; a chart without them shows none of their controls. */
export interface TimespanControl {
  options: readonly Timespan[];
  value: Timespan;
  onChange: (timespan: Timespan) => void;
}

export interface DirectionControl {
  value: Direction;
  onChange: (direction: Direction) => void;
}
