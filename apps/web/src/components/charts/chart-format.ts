import { unitScale } from '@linesight/contract';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * How a time axis labels its ticks, in the user's language and time zone: times of day when
 * ticks are under a day apart (with the date too when the axis covers more than a day), dates
 * when they are a day or more apart. `timeZone` undefined is the browser's.
 */
export function timeTickFormat(
  language: string,
  tickIncrementMs: number,
  axisSpanMs: number,
  timeZone?: string,
): (epochMs: number) => string {
  const options: Intl.DateTimeFormatOptions =
    tickIncrementMs >= day
      ? { day: 'numeric', month: 'short' }
      : axisSpanMs > day
        ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
        : { hour: '2-digit', minute: '2-digit' };
  const format = new Intl.DateTimeFormat(language, { ...options, timeZone });
  return (epochMs) => format.format(epochMs);
}

/** A point's full time, as the legend heads the values under the cursor. */
export function formatDateTime(language: string, epochMs: number, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(epochMs);
}

/** A chart value: three significant digits below 100, whole numbers above, grouped per language. */
export function formatChartValue(language: string, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const magnitude = Math.abs(value);
  const options: Intl.NumberFormatOptions =
    magnitude >= 100 || magnitude === 0
      ? { maximumFractionDigits: 0 }
      : { maximumSignificantDigits: 3 };
  return new Intl.NumberFormat(language, options).format(value);
}

const byteUnits = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
/** French counts octets: o, ko, Mo, Go, To. */
const octetUnits: readonly string[] = ['o', 'ko', 'Mo', 'Go', 'To'];

/** The byte units in the user's language, from the byte to the terabyte. */
function byteUnitsOf(language: string): readonly string[] {
  return language.split('-')[0] === 'fr' ? octetUnits : byteUnits;
}

/** The megabyte's symbol in the user's language (RAM is shown in megabytes). */
export function megabyteUnit(language: string): string {
  return byteUnitsOf(language)[2] ?? 'MB';
}

/** A byte count in the largest unit that keeps it at 1 or more, by the seed's factor of 1000. */
export function formatBytes(language: string, bytes: number): string {
  const units = byteUnitsOf(language);
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= unitScale && unit < units.length - 1) {
    value /= unitScale;
    unit += 1;
  }
  return `${formatChartValue(language, value)} ${units[unit] ?? units[0]}`;
}
