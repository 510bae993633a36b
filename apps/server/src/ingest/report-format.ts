/**
 * TR-181 Bulk Data JSON (TR-069 Annex A.3.3 / TR-369 "JSON encoding"): a body holds
 * `{ "Report": [ … ] }`, each report with its `CollectionTime` (epoch seconds) and the
 * parameters either as NameValuePair (`"Device.DeviceInfo.UpTime": 42`) or ObjectHierarchy
 * (`"Device": { "DeviceInfo": { "UpTime": 42 } }`). Both are read into one flat map of full
 * parameter paths, so nothing after this file knows which format a gateway used.
 */

import type { ParameterValue } from '@linesight/contract';
import { checkParameterValues } from './parameter-types';

export type { ParameterValue };

export interface FlatReport {
  /** Epoch seconds, as the gateway sent it. */
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

/** A gateway's clock must be after 2000 and not far in the future to be believed. */
const earliestCollectionTime = 946_684_800;
const maxClockSkewSeconds = 24 * 3600;

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
): void {
  if (typeof value === 'string' || typeof value === 'boolean') {
    target.set(path, value);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new ReportFormatError('is not a finite number', `${report}.${path}`);
    }
    target.set(path, value);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      if (key.length === 0) throw new ReportFormatError('has an empty name', `${report}.${path}`);
      flattenInto(target, `${path}.${key}`, value[key], report);
    }
  } else {
    throw new ReportFormatError('must be a string, number, boolean or object', `${report}.${path}`);
  }
}

/** Reads one report of either format; throws a ReportFormatError naming what is wrong. */
export function flattenReport(report: unknown, index: number, nowSeconds: number): FlatReport {
  const where = `Report[${index}]`;
  if (!isPlainObject(report)) throw new ReportFormatError('must be an object', where);
  const collectionTime = report.CollectionTime;
  if (typeof collectionTime !== 'number' || !Number.isInteger(collectionTime)) {
    throw new ReportFormatError(
      'needs CollectionTime, whole epoch seconds',
      `${where}.CollectionTime`,
    );
  }
  if (
    collectionTime < earliestCollectionTime ||
    collectionTime > nowSeconds + maxClockSkewSeconds
  ) {
    throw new ReportFormatError('is not a believable time', `${where}.CollectionTime`);
  }
  const parameters = new Map<string, ParameterValue>();
  for (const key of Object.keys(report)) {
    if (key === 'CollectionTime') continue;
    if (key !== 'Device' && !key.startsWith('Device.')) {
      throw new ReportFormatError('is not a Device parameter', `${where}.${key}`);
    }
    flattenInto(parameters, key, report[key], where);
  }
  if (parameters.size === 0) throw new ReportFormatError('holds no parameters', where);
  const problem = checkParameterValues(parameters, collectionTime);
  if (problem) throw new ReportFormatError(problem.message, `${where}.${problem.path}`);
  return { collectionTime, parameters };
}

/** Reads a whole body: `{ "Report": [ … ] }` with at least one report. */
export function flattenBody(body: unknown, nowSeconds: number): FlatReport[] {
  if (!isPlainObject(body) || !Array.isArray(body.Report)) {
    throw new ReportFormatError('must be an object with a Report array', 'body');
  }
  if (body.Report.length === 0) throw new ReportFormatError('holds no report', 'Report');
  return body.Report.map((report, index) => flattenReport(report, index, nowSeconds));
}
