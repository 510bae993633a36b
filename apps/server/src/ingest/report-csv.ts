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

/**
 * The rows of RFC 4180 text: fields separated by `,`, rows by CRLF, LF or CR, a field quoted
 * with `"` to hold those, `""` standing for a `"` inside it. A blank line is skipped.
 */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let atFieldStart = true;
  let rowStarted = false;
  const endRow = (): void => {
    if (rowStarted) rows.push([...row, field]);
    row = [];
    field = '';
    atFieldStart = true;
    rowStarted = false;
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char !== escapeCharacter) field += char;
      else if (text[at + 1] === escapeCharacter) field += text[++at];
      else quoted = false;
    } else if (char === escapeCharacter && atFieldStart) {
      quoted = true;
      atFieldStart = false;
      rowStarted = true;
    } else if (char === fieldSeparator) {
      row.push(field);
      field = '';
      atFieldStart = true;
      rowStarted = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      endRow();
    } else {
      field += char;
      atFieldStart = false;
      rowStarted = true;
    }
  }
  if (quoted) throw new BodyFormatError('has a quoted field that never ends', 'body');
  endRow();
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
