export interface DurationStyle {
  /** `long` says "3 days 4 hours"; `short` "3 days 4 hr" (en), "3 d 4 h" (es), "3 j 4 h" (fr). */
  unitDisplay?: 'long' | 'short';
  /** Only this many units from the largest non-zero one: 2 turns 3 d 4 h 5 min into 3 d 4 h. */
  largestUnits?: number;
}

/**
 * A duration in days, hours and minutes in the user's language, leaving out zeros ("3 days 4
 * hours 5 minutes"); under a minute is "0 minutes". Seconds are dropped, not rounded.
 */
export function formatDuration(
  language: string,
  seconds: number,
  style: DurationStyle = {},
): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const parts: (readonly [number, 'day' | 'hour' | 'minute'])[] = [
    [Math.floor(minutes / 1440), 'day'],
    [Math.floor((minutes % 1440) / 60), 'hour'],
    [minutes % 60, 'minute'],
  ];
  const first = parts.findIndex(([count]) => count > 0);
  const kept =
    first === -1
      ? parts.slice(-1)
      : parts
          .slice(first, style.largestUnits === undefined ? undefined : first + style.largestUnits)
          .filter(([count]) => count > 0);
  const words = kept.map(([count, unit]) =>
    new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      unitDisplay: style.unitDisplay ?? 'long',
    }).format(count),
  );
  return new Intl.ListFormat(language, { style: 'narrow', type: 'unit' }).format(words);
}
