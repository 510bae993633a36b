import type { GatewayProfile } from '../profile';
import type { BulkDataReport } from '../report';
import type { Parameter, ParameterTree, ParameterType } from './parameter-tree';

/**
 * What a data model (TR-181 `Device.` or TR-098 `InternetGatewayDevice.`) gives a CWMP agent:
 * the gateway's readings under its names, the objects the agent itself keeps (ManagementServer,
 * the block mechanism), the tables the ACS may add rows to, and which parameters move a radio.
 */

export type DataModel = 'tr181' | 'tr098';

/** What the agent keeps between sessions: its configuration, by full parameter name. */
export type ConfigStore = Map<string, Parameter>;

export type ConfigEntry = readonly [
  name: string,
  value: string,
  type: ParameterType,
  writable: boolean,
];

/** A table that takes AddObject: its path (`…Rule.`) and a new row's parameters. */
export interface TableSpec {
  path: string;
  /** The row's parameters with their default values, by name under the row. */
  row(instance: number): readonly ConfigEntry[];
  /** The `…NumberOfEntries` parameter that counts its rows. */
  countedBy: string;
}

export type RadioSetting = 'Channel' | 'AutoChannelEnable' | 'OperatingChannelBandwidth';

export interface DataModelSpec {
  root: string;
  /** The CWMP version it informs with (TR-181 agents are newer). */
  cwmpVersion: 0 | 1 | 2 | 3 | 4;
  managementServer: string;
  /** The Inform's ParameterList (TR-069 Table 3's "Inform parameters" of the model). */
  informParameters: readonly string[];
  /** The gateway's readings of a moment under this model's names. */
  writeReading(tree: ParameterTree, report: BulkDataReport, profile: GatewayProfile): void;
  /** The objects the agent keeps as it leaves the factory, besides ManagementServer. */
  factoryConfig(): readonly ConfigEntry[];
  tables: readonly TableSpec[];
  /** The hosts its block mechanism keeps off the internet now, lower-case MACs. */
  blockedMacs(config: ConfigStore): Set<string>;
  /** The radio a writable radio parameter belongs to, with its prefix (`…Radio.2.`). */
  radioSetting(name: string): { radio: string; setting: RadioSetting } | null;
  /** The site survey's `DiagnosticsState` (TR-181 only). */
  surveyDiagnostic: string | null;
}

/** The rows of a table (`…Host.`) among named values, by instance number, each by its field. */
function rowsOf<V>(entries: Iterable<[string, V]>, table: string): Map<number, Map<string, V>> {
  const rows = new Map<number, Map<string, V>>();
  for (const [name, value] of entries) {
    if (!name.startsWith(table)) continue;
    const match = /^(\d+)\.(.+)$/.exec(name.slice(table.length));
    if (!match?.[1] || !match[2]) continue;
    const instance = Number(match[1]);
    const row = rows.get(instance) ?? new Map<string, V>();
    row.set(match[2], value);
    rows.set(instance, row);
  }
  return rows;
}

/** The rows of a table in the agent's config. */
export function rowsIn(config: ConfigStore, table: string): Map<number, Map<string, string>> {
  return rowsOf(
    [...config].map(([name, { value }]): [string, string] => [name, value]),
    table,
  );
}

/** The rows of a table in a Bulk Data report. */
export function reportRows(
  report: BulkDataReport,
  table: string,
): Map<number, Map<string, string | number | boolean>> {
  const values = Object.entries(report).filter(
    (entry): entry is [string, string | number | boolean] => typeof entry[1] !== 'object',
  );
  return rowsOf(values, table);
}

/** MAC addresses compare in lower case with colons, whatever notation the ACS wrote. */
export function normalMac(text: string): string | null {
  const hex = text.trim().toLowerCase().replaceAll(/[:-]/g, '');
  if (!/^[0-9a-f]{12}$/.test(hex)) return null;
  return hex.match(/../g)?.join(':') ?? null;
}
