/**
 * TR-181 Bulk Data CSV (TR-069 Annex A.3.2 / TR-369 "Encoding of CSV Bulk Data"): RFC 4180 with
 * the profile's default separators (`CSVEncoding.FieldSeparator` `,`, `RowSeparator` CRLF, which
 * agents also send as LF or CR alone, `EscapeCharacter` `"`), and a header row. The two layouts:
 *
 * - ParameterPerRow: `[ReportTimestamp,]ParameterName,ParameterValue[,ParameterType]`, one row a
 *   parameter; rows sharing a timestamp are one report (retained reports follow one another).
 * - ParameterPerColumn: `[ReportTimestamp,]name,name,…`, one row a report.
 *
 * Each report is handed to report-format.ts as a NameValuePair report, so every check of a JSON
 * report applies to it as well.
 */

import type { ParameterValue, ReportFormat } from '@linesight/contract';
import {
  BodyFormatError,
  type BodyContext,
  type ReadBody,
  readReports,
  ReportFormatError,
} from './report-format';

const fieldSeparator = ',';
const escapeCharacter = '"';

/** One field at a place: quoted (`"…"`, `""` inside standing for `"`), or up to the next `,`. */
const fieldPattern = /"((?:[^"]|"")*)"|[^",\r\n]*/y;

/**
 * The rows of RFC 4180 text: fields separated by `,`, rows by CRLF, LF or CR, a field quoted
 * with `"` to hold those, `""` standing for a `"` inside it. A blank line is skipped. Fields are
 * matched whole by a sticky pattern rather than character by character, which made a 6 MB body
 * take 0.8 s.
 */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let at = 0;
  while (at < text.length) {
    fieldPattern.lastIndex = at;
    const match = fieldPattern.exec(text);
    const [whole = '', quoted] = match ?? [];
    row.push(quoted === undefined ? whole : quoted.replaceAll('""', '"'));
    at += whole.length;
    const next = text[at];
    if (next === fieldSeparator) {
      at++;
      if (at === text.length) row.push('');
      continue;
    }
    if (next === escapeCharacter || (next !== undefined && next !== '\r' && next !== '\n')) {
      throw new BodyFormatError(
        'has a quote that does not open or close a field, or a quoted field that never ends',
        `row ${rows.length + 1}`,
      );
    }
    if (next === '\r' && text[at + 1] === '\n') at++;
    at++;
    if (row.length > 1 || whole !== '') rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

const numberTypes = new Set(['int', 'long', 'unsignedInt', 'unsignedLong', 'decimal']);

/**
 * A value as its TR-106 base type says (ParameterPerRow's `ParameterType`): numbers and
 * booleans as such, anything else, or a value that does not parse as its type, as text.
 */
function typedValue(value: string, type: string | undefined): ParameterValue {
  const baseType = type?.trim() ?? '';
  if (numberTypes.has(baseType)) {
    const number = Number(value);
    return value.trim() !== '' && Number.isFinite(number) ? number : value;
  }
  if (baseType === 'boolean' && (value === 'true' || value === '1')) return true;
  if (baseType === 'boolean' && (value === 'false' || value === '0')) return false;
  return value;
}

/** A ReportTimestamp cell as report-format.ts reads a CollectionTime: Unix-Epoch or ISO-8601. */
function timestampOf(cell: string): number | string {
  const trimmed = cell.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const timestampColumn = 'ReportTimestamp';
const perRowColumns = ['ParameterName', 'ParameterValue'];

/** A report put together from rows, or the first thing wrong with one of its rows. */
type Assembled = Record<string, unknown> | ReportFormatError;

function perRowReports(header: string[], rows: string[][]): Assembled[] {
  const column = (name: string): number => header.indexOf(name);
  const [timeAt, nameAt, valueAt, typeAt] = [
    column(timestampColumn),
    column('ParameterName'),
    column('ParameterValue'),
    column('ParameterType'),
  ];
  const reports = new Map<string, Assembled>();
  for (const [offset, row] of rows.entries()) {
    const time = timeAt >= 0 ? (row[timeAt] ?? '').trim() : '';
    let report = reports.get(time);
    if (!report) {
      report = timeAt >= 0 ? { CollectionTime: timestampOf(time) } : {};
      reports.set(time, report);
    }
    if (report instanceof ReportFormatError) continue;
    if (row.length !== header.length) {
      reports.set(
        time,
        new ReportFormatError(
          `has ${row.length} fields where the header has ${header.length}`,
          `row ${offset + 2}`,
        ),
      );
      continue;
    }
    report[(row[nameAt] ?? '').trim()] = typedValue(
      row[valueAt] ?? '',
      typeAt >= 0 ? row[typeAt] : undefined,
    );
  }
  return [...reports.values()];
}

function perColumnReports(header: string[], rows: string[][]): Assembled[] {
  return rows.map((row, offset) => {
    if (row.length !== header.length) {
      return new ReportFormatError(
        `has ${row.length} fields where the header has ${header.length}`,
        `row ${offset + 2}`,
      );
    }
    const report: Record<string, unknown> = {};
    for (const [column, name] of header.entries()) {
      const cell = row[column] ?? '';
      if (name === timestampColumn) report.CollectionTime = timestampOf(cell);
      else report[name] = cell;
    }
    return report;
  });
}

/** The layout a header row says, whichever the agent declared. */
function layoutOf(header: string[]): ReportFormat {
  return perRowColumns.every((name) => header.includes(name))
    ? 'ParameterPerRow'
    : 'ParameterPerColumn';
}

/** Reads a whole CSV body into reports, each checked as a JSON report would be. */
export function readCsvBody(text: string, context: BodyContext): ReadBody {
  // A byte order mark is legal UTF-8 text, but would be part of the first column's name.
  const [header, ...rows] = csvRows(text.startsWith('\ufeff') ? text.slice(1) : text);
  if (!header) throw new BodyFormatError('has no header row', 'body');
  const names = header.map((name) => name.trim());
  const layout = layoutOf(names);
  if (context.declaredFormat && context.declaredFormat !== layout) {
    throw new BodyFormatError(
      `has a ${layout} header row, not ${context.declaredFormat} as the BBF-Report-Format header says`,
      'body',
    );
  }
  // The reports are NameValuePair now, whichever CSV layout carried them.
  return readReports(
    layout === 'ParameterPerRow' ? perRowReports(names, rows) : perColumnReports(names, rows),
    { nowSeconds: context.nowSeconds, uriParameters: context.uriParameters },
  );
}
