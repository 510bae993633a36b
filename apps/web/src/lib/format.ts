/**
 * Dates and numbers as the user reads them: in the interface's language and the browser's time
 * zone (Intl picks the zone up itself).
 */
export function formatDateTime(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    epochMs,
  );
}

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes scaled by 1000 (seed 001 section 9) to B, KB, MB, GB or TB. */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < byteUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return `${number.format(value)} ${byteUnits[unit]}`;
}

export function formatNumber(value: number, language: string, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits }).format(value);
}
