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
  /** A smooth curve through the points (uPlot's spline paths) instead of straight segments. */
  spline?: boolean;
  /** A fill under the line, e.g. a translucent colour for overlapping site survey humps. */
  fill?: string;
}

/**
 * What the x values are. Time (the default): epoch ms, ticks and legend as dates, drag to zoom.
 * Value: any number, e.g. a slot index shown as a WiFi channel or a frequency in MHz; ticks,
 * legend and table go through `format`, and there is no zoom.
 */
export type ChartXAxis =
  | { kind: 'time' }
  | {
      kind: 'value';
      /** Heads the legend's x and the data table's first column, e.g. 'Channel'. */
      label: string;
      /** An x as the reader knows it; '' for an x that has no name (a gap between sub-bands). */
      format: (x: number) => string;
      /** Written after the formatted x, e.g. `MHz`. */
      unit?: string;
      /** The tick steps the axis may choose from, smallest first (default 1, 2, 5, 10, 20…). */
      increments?: readonly number[];
    };

/** A labelled vertical line across the plot at an x (a recommended channel, a DSL retrain). */
export interface ChartMarker {
  x: number;
  label: string;
  /** The axis colour when not given. */
  colour?: string;
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
