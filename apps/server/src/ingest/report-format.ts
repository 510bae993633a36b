/**
 * TR-181 Bulk Data JSON (TR-069 Annex A.3.3 / TR-369 "Encoding of JSON Bulk Data"): a body holds
 * `{ "Report": [ … ] }`, each report with its `CollectionTime` and the parameters either as
 * NameValuePair (`"Device.DeviceInfo.UpTime": 42`) or ObjectHierarchy
 * (`"Device": { "DeviceInfo": { "UpTime": 42 } }`). Both, and CSV (report-csv.ts, which hands
 * its reports in as NameValuePair), are read into one flat map of full parameter paths, so
 * nothing after this file knows which format a gateway used.
 *
 * A body is read report by report: one report that cannot be read is rejected alone and the
 * others are kept, because an agent re-sends its retained reports inside later bodies and one
 * bad report must not get every later body refused.
 */

import type { ParameterValue, RejectedReport, ReportFormat } from '@linesight/contract';
import { checkParameterValues } from './parameter-types';

export type { ParameterValue };

export interface FlatReport {
  /** Epoch seconds: the gateway's CollectionTime, or the arrival time when it sent none. */
  collectionTime: number;
  parameters: Map<string, ParameterValue>;
}

export class ReportFormatError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'ReportFormatError';
  }
}

/** Wrong for the body as a whole (not Bulk Data at all, or not the format its header names). */
export class BodyFormatError extends ReportFormatError {}

/** What is known of a body besides its content. */
export interface BodyContext {
  /** Epoch seconds of arrival: the time of a report sent without one (ReportTimestamp None). */
  nowSeconds: number;
  /** The format the agent's `BBF-Report-Format` header names, when it sent one. */
  declaredFormat?: ReportFormat;
  /**
   * `Device.DeviceInfo.` parameters the reporting URL's query gave (`sn`, `oui`, `pc`): a
   * report that lacks one takes it from here.
   */
  uriParameters?: ReadonlyMap<string, string>;
}

export interface ReadBody {
  /** The reports that could be read, in body order. */
  reports: FlatReport[];
  rejected: RejectedReport[];
}

/** A gateway's clock must be after 2000 and not far in the future to be believed. */
const earliestCollectionTime = 946_684_800;
const maxClockSkewSeconds = 24 * 3600;

/**
 * Objects an ObjectHierarchy report may nest. TR-181 2.17's deepest parameter path has 16
 * names (`Device.` included); twice that leaves room for vendor objects. Deeper is refused
 * before it can cost a deep walk (issue 12: a body nested 5,000 levels overflowed the stack).
 */
export const maxObjectDepth = 32;

/** TR-069 Annex A / TR-106 dateTime: `2026-11-23T19:49:48Z`, fraction and offset optional. */
const isoTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * Whether an ISO-8601 time names a real calendar time: `Date.parse` rolls 2026-02-30 over to
 * March 2nd and 24:00 to the next day, where a gateway's clock that wrote them is wrong.
 */
function isCalendarTime(match: RegExpExecArray): boolean {
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    (hour ?? 24) <= 23 &&
    (minute ?? 60) <= 59 &&
    (second ?? 60) <= 59
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Adds `value` under `path` to `target`, objects as their leaves. `report` names the report in
 * an error (`Report[2]`), which then names the parameter as `Report[2].Device.X`.
 */
function flattenInto(
  target: Map<string, ParameterValue>,
  path: string,
  value: unknown,
  report: string,
  depth: number,
): void {
  if (typeof value === 'string' || typeof value === 'boolean') {
    target.set(path, value);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new ReportFormatError('is not a finite number', `${report}.${path}`);
    }
    target.set(path, value);
  } else if (isPlainObject(value)) {
    if (depth >= maxObjectDepth) {
      throw new ReportFormatError(
        `nests objects deeper than ${maxObjectDepth} levels`,
        `${report}.${path}`,
      );
    }
    for (const key of Object.keys(value)) {
      if (key.length === 0) throw new ReportFormatError('has an empty name', `${report}.${path}`);
      flattenInto(target, `${path}.${key}`, value[key], report, depth + 1);
    }
  } else {
    throw new ReportFormatError('must be a string, number, boolean or object', `${report}.${path}`);
  }
}

/** Epoch seconds from a Unix-Epoch or ISO-8601 CollectionTime; null when it is neither. */
function epochSecondsOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const match = isoTime.exec(value);
  if (!match || !isCalendarTime(match)) return null;
  const milliseconds = Date.parse(value);
  return Number.isNaN(milliseconds) ? null : Math.floor(milliseconds / 1000);
}

/**
 * A report's time. Without a CollectionTime (ReportTimestamp None) the newest report, the body's
 * last, was collected about now; an older one's time is unknown, and a report placed at a
 * guessed time would corrupt the series, so it is rejected.
 */
function collectionTimeOf(
  report: Record<string, unknown>,
  where: string,
  isNewest: boolean,
  nowSeconds: number,
): number {
  if (!('CollectionTime' in report)) {
    if (isNewest) return nowSeconds;
    throw new ReportFormatError(
      'has no CollectionTime and is not the newest report of the body, so its time is unknown',
      where,
    );
  }
  const seconds = epochSecondsOf(report.CollectionTime);
  if (seconds === null) {
    throw new ReportFormatError(
      'must be whole epoch seconds or an ISO-8601 time such as 2026-11-23T19:49:48Z',
      `${where}.CollectionTime`,
    );
  }
  if (seconds < earliestCollectionTime || seconds > nowSeconds + maxClockSkewSeconds) {
    throw new ReportFormatError('is not a believable time', `${where}.CollectionTime`);
  }
  return seconds;
}

/** The JSON format a report's top-level entry is written in. */
function formatOfEntry(key: string, value: unknown): ReportFormat {
  return key === 'Device' || isPlainObject(value) ? 'ObjectHierarchy' : 'NameValuePair';
}

/**
 * Reads one report of either format; throws a ReportFormatError naming what is wrong. `isNewest`
 * says whether it is the body's last report, the one that may come without a time.
 */
export function flattenReport(
  report: unknown,
  index: number,
  context: BodyContext,
  isNewest = true,
): FlatReport {
  const where = `Report[${index}]`;
  if (!isPlainObject(report)) throw new ReportFormatError('must be an object', where);
  const collectionTime = collectionTimeOf(report, where, isNewest, context.nowSeconds);
  const parameters = new Map<string, ParameterValue>();
  const { declaredFormat } = context;
  for (const key of Object.keys(report)) {
    if (key === 'CollectionTime') continue;
    if (key !== 'Device' && !key.startsWith('Device.')) {
      throw new ReportFormatError('is not a Device parameter', `${where}.${key}`);
    }
    const value = report[key];
    if (declaredFormat && formatOfEntry(key, value) !== declaredFormat) {
      throw new BodyFormatError(
        `is ${formatOfEntry(key, value)}, not ${declaredFormat} as the BBF-Report-Format header says`,
        `${where}.${key}`,
      );
    }
    flattenInto(parameters, key, value, where, 1);
  }
  if (parameters.size === 0) throw new ReportFormatError('holds no parameters', where);
  for (const [path, value] of context.uriParameters ?? []) {
    if (!parameters.has(path)) parameters.set(path, value);
  }
  const problem = checkParameterValues(parameters, collectionTime);
  if (problem) throw new ReportFormatError(problem.message, `${where}.${problem.path}`);
  return { collectionTime, parameters };
}

/**
 * Reads each report of a body, keeping those that can be read and the reason for each that
 * cannot (an encoding that could not put a report together passes its ReportFormatError in the
 * report's place). Throws when the body as a whole is wrong, or when no report of it can be read
 * (the first report's problem then stands for the body's).
 */
export function readReports(reports: readonly unknown[], context: BodyContext): ReadBody {
  if (reports.length === 0) throw new ReportFormatError('holds no report', 'Report');
  const read: ReadBody = { reports: [], rejected: [] };
  let firstError: ReportFormatError | undefined;
  for (const [index, report] of reports.entries()) {
    try {
      if (report instanceof ReportFormatError) throw report;
      read.reports.push(flattenReport(report, index, context, index === reports.length - 1));
    } catch (error) {
      if (!(error instanceof ReportFormatError) || error instanceof BodyFormatError) throw error;
      firstError ??= error;
      read.rejected.push({ index, path: error.path, message: error.message });
    }
  }
  if (firstError && read.reports.length === 0) throw firstError;
  return read;
}

/** Reads a whole JSON body: `{ "Report": [ … ] }` with at least one report. */
export function flattenBody(body: unknown, context: BodyContext): ReadBody {
  if (!isPlainObject(body) || !Array.isArray(body.Report)) {
    throw new BodyFormatError('must be an object with a Report array', 'body');
  }
  const { declaredFormat } = context;
  if (declaredFormat === 'ParameterPerRow' || declaredFormat === 'ParameterPerColumn') {
    throw new BodyFormatError(
      `is JSON, but the BBF-Report-Format header names the CSV format ${declaredFormat}`,
      'body',
    );
  }
  return readReports(body.Report, context);
}
