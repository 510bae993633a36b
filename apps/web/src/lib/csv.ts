/** A CSV cell: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null;

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"): a
 * subscriber named `=HYPERLINK("http://x","y")` must reach the sheet as that text, never as a link.
 */
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/**
 * One cell as RFC 4180 writes it, text that would start a formula prefixed with `'`. Numbers are
 * written as numbers and never prefixed: `-3` is a value, and a prefix would turn it into text.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A whole file: the header row, then the rows, CRLF-separated (RFC 4180). It starts with a UTF-8
 * byte order mark, without which Excel reads the file as the local code page and garbles names
 * such as "Kowalski, Dóra".
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Hands the browser a CSV file to save under `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference to the blob once it started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
