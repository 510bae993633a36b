import {
  isTemperatureAvailable,
  type PhysicalStatus,
  temperatureNotAvailable,
} from '@linesight/contract';
import { deviceColour } from '../../components/charts/chart-colours';
import type { ChartSeries } from '../../components/charts/chart-types';

/**
 * What the gateway status screen makes of the physical status answer (seed 001 sections 8 and
 * 9): used RAM in percent of the total (and MB, bytes ÷ 10⁶), CPU load in percent, temperature
 * from tenths of °C in the unit the user chose.
 */

export const temperatureUnits = ['celsius', 'fahrenheit'] as const;
export type TemperatureUnit = (typeof temperatureUnits)[number];
export const temperatureSymbols: Record<TemperatureUnit, string> = {
  celsius: '°C',
  fahrenheit: '°F',
};

/** Tenths of °C, as the gateway reports them, in degrees of `unit`. */
export function temperatureIn(unit: TemperatureUnit, tenthsCelsius: number): number {
  const celsius = tenthsCelsius / 10;
  return unit === 'celsius' ? celsius : (celsius * 9) / 5 + 32;
}

/** Bytes as MB, by the seed's factor of 1000. */
export function megabytes(bytes: number): number {
  return bytes / 1e6;
}

/** The share of `totalRam` in use when `freeRam` is free, in percent. */
export function usedRamPercent(totalRam: number, freeRam: number): number {
  return ((totalRam - freeRam) / totalRam) * 100;
}

export type GatewaySeriesKey = 'usedRam' | 'cpuLoad' | 'temperature';

export interface GatewayChart {
  x: number[];
  series: ChartSeries[];
}

/**
 * The chart's three lines over the span, all shown at first. A bucket the gateway reported with
 * the seed's -5000 ("not available") is drawn at 0, whatever the unit: it marks a missing
 * reading, not a cold gateway; 32767 is drawn the same way.
 */
export function gatewayChart(
  status: PhysicalStatus,
  unit: TemperatureUnit,
  names: Record<GatewaySeriesKey, string>,
): GatewayChart {
  const { totalRam } = status;
  const length = Math.max(status.freeRam.length, status.cpuLoad.length, status.temp.length);
  const intervalMs = status.intervalMinutes * 60_000;
  const x = Array.from({ length }, (_, index) => status.startTime + index * intervalMs);
  const values = (
    series: readonly (number | null)[],
    convert: (value: number) => number,
    isSentinel: (value: number) => boolean = (value) => value === temperatureNotAvailable,
  ): (number | null)[] =>
    x.map((_, index) => {
      const value = series[index];
      if (value === null || value === undefined) return null;
      return isSentinel(value) ? 0 : convert(value);
    });

  const line = (
    key: GatewaySeriesKey,
    colourIndex: number,
    seriesUnit: string,
    drawn: (number | null)[],
  ): ChartSeries => ({
    key,
    name: names[key],
    colour: deviceColour(colourIndex),
    unit: seriesUnit,
    values: drawn,
  });

  return {
    x,
    series: [
      line(
        'usedRam',
        0,
        '%',
        totalRam === null || totalRam <= 0
          ? x.map(() => null)
          : values(status.freeRam, (free) => usedRamPercent(totalRam, free)),
      ),
      line(
        'cpuLoad',
        1,
        '%',
        values(status.cpuLoad, (load) => load),
      ),
      line(
        'temperature',
        3,
        temperatureSymbols[unit],
        values(
          status.temp,
          (tenths) => temperatureIn(unit, tenths),
          (tenths) => !isTemperatureAvailable(tenths),
        ),
      ),
    ],
  };
}

/**
 * The top of the chart's one axis: 100, as the seed gives it for percent and temperature, unless
 * a value drawn is higher (a gateway at 50 °C is at 122 °F), then the next ten above it.
 */
export function gatewayChartTop(series: readonly ChartSeries[]): number {
  let highest = 0;
  for (const line of series)
    for (const value of line.values) if (value !== null && value > highest) highest = value;
  return highest <= 100 ? 100 : Math.ceil(highest / 10) * 10;
}

/** The latest figures of the physical status tab; null where the gateway has not said. */
export interface LatestFigures {
  totalRamMb: number | null;
  usedRamMb: number | null;
  freeRamMb: number | null;
  usedRamPercent: number | null;
  cpuLoad: number | null;
  /** Null when the latest temperature is one of the seed's sentinels (or missing). */
  temperature: { celsius: number; fahrenheit: number } | null;
  secondsSinceLastReboot: number | null;
}

export function latestFigures(status: PhysicalStatus): LatestFigures {
  const { totalRam, mostRecentFreeRam: freeRam, mostRecentTemp: temp } = status;
  const known = totalRam !== null && totalRam > 0 && freeRam !== null;
  return {
    totalRamMb: totalRam === null ? null : megabytes(totalRam),
    usedRamMb: known ? megabytes(totalRam - freeRam) : null,
    freeRamMb: freeRam === null ? null : megabytes(freeRam),
    usedRamPercent: known ? usedRamPercent(totalRam, freeRam) : null,
    cpuLoad: status.mostRecentCPULoad,
    temperature: isTemperatureAvailable(temp)
      ? { celsius: temperatureIn('celsius', temp), fahrenheit: temperatureIn('fahrenheit', temp) }
      : null,
    secondsSinceLastReboot: status.secondsSinceLastReboot,
  };
}
