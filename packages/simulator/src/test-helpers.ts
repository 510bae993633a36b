import type { Gateway } from './gateway';
import type { BulkDataReport, ParameterValue } from './report';

/** Helpers for the tests: reading reports as the collector does, by path. */

/** 2026-01-05, a Monday, 00:00 UTC. */
export const monday = Date.UTC(2026, 0, 5) / 1000;
export const hour = 3600;
export const day = 86_400;

/** The reports a gateway sends from `from` to `to` every `step` seconds, skipping offline times. */
export function reportsOf(
  gateway: Gateway,
  from: number,
  to: number,
  step: number,
): BulkDataReport[] {
  const reports: BulkDataReport[] = [];
  for (let time = from; time <= to; time += step) {
    if (gateway.isOnlineAt(time)) reports.push(gateway.reportAt(time));
  }
  return reports;
}

export function numberAt(report: BulkDataReport, path: string): number {
  const value = report[path];
  if (typeof value !== 'number') throw new Error(`${path} is ${JSON.stringify(value)}`);
  return value;
}

export function textAt(report: BulkDataReport, path: string): string {
  const value = report[path];
  if (typeof value !== 'string') throw new Error(`${path} is ${JSON.stringify(value)}`);
  return value;
}

/** A NameValuePair report's parameters, as the collector's readers take them. */
export function parametersOf(report: BulkDataReport): Map<string, ParameterValue> {
  return new Map(
    Object.entries(report).filter(
      (entry): entry is [string, ParameterValue] =>
        entry[0] !== 'CollectionTime' && typeof entry[1] !== 'object',
    ),
  );
}

/** The instances of a table in a report, e.g. `Device.Hosts.Host.` → its rows by field. */
export function rowsOf(report: BulkDataReport, table: string): Map<string, ParameterValue>[] {
  const rows = new Map<string, Map<string, ParameterValue>>();
  for (const [path, value] of parametersOf(report)) {
    const match = new RegExp(`^${table.replaceAll('.', '\\.')}(\\d+)\\.(.+)$`).exec(path);
    if (!match?.[1] || !match[2]) continue;
    const row = rows.get(match[1]) ?? new Map<string, ParameterValue>();
    row.set(match[2], value);
    rows.set(match[1], row);
  }
  return [...rows.values()];
}
