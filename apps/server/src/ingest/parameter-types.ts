import type { ParameterValue } from '@linesight/contract';
import { tableIndexOf } from './normalise';
import { cachedPerPath } from './path-cache';

/**
 * The TR-181 type of every parameter the collector reads (TR-181 2.17; the `X_LINESIGHT_` ones
 * are ours, docs/reporting-protocol.md), and the one check of a report's values against them:
 * what a real agent sends is made what the normalisers expect, what no type allows is refused
 * naming the path, and nothing that passes can overflow a column it ends up in, derived values
 * included (decision 010).
 */

/** TR-106's value types the collector reads; named types (StatsCounter64, TenthdB…) as their base. */
type ValueType = 'unsignedInt' | 'int' | 'unsignedLong' | 'long' | 'boolean' | 'string';
type NumberType = Exclude<ValueType, 'boolean' | 'string'>;

const int4Max = 2 ** 31 - 1;

/** Each number type's range. A double cannot tell 2^64 − 1 from 2^64, nor 2^63 − 1 from 2^63. */
const numberRanges: Record<NumberType, { min: number; max: number; range: string }> = {
  unsignedInt: { min: 0, max: 2 ** 32 - 1, range: 'a whole number from 0 to 4294967295' },
  int: { min: -(2 ** 31), max: int4Max, range: 'a whole number from -2147483648 to 2147483647' },
  unsignedLong: { min: 0, max: 2 ** 64 - 1, range: 'a whole number from 0 to 2^64 - 1' },
  long: { min: -(2 ** 63), max: 2 ** 63 - 1, range: 'a whole number from -2^63 to 2^63 - 1' },
};

/** The earliest time a gateway is believed to have started anything: as for CollectionTime. */
const earliestBelievableSeconds = 946_684_800;

/**
 * A type narrower than TR-181's where the store keeps the value in less (an int4 column, or
 * tenths of it in one), or a duration before the report (`secondsBefore`) whose start must be a
 * believable date.
 */
interface Narrowed {
  type: NumberType;
  min?: number;
  max?: number;
  secondsBefore?: true;
}

type Entry = ValueType | Narrowed;

/** `Device.X.{i}.Y`: `{i}` stands for any instance number. */
const parameterTypes: Readonly<Record<string, Entry>> = {
  'Device.DeviceInfo.ModelName': 'string',
  'Device.DeviceInfo.ProductClass': 'string',
  'Device.DeviceInfo.SerialNumber': 'string',
  'Device.DeviceInfo.SoftwareVersion': 'string',
  // A boot time is kept as a date: report time less UpTime.
  'Device.DeviceInfo.UpTime': { type: 'unsignedInt', secondsBefore: true },
  'Device.DeviceInfo.ProcessStatus.CPUUsage': 'unsignedInt',
  'Device.DeviceInfo.MemoryStatus.Total': 'unsignedInt',
  'Device.DeviceInfo.MemoryStatus.Free': 'unsignedInt',
  // Kept in tenths of °C in an int4 column.
  'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.{i}.Value': {
    type: 'int',
    min: -Math.floor(int4Max / 10),
    max: Math.floor(int4Max / 10),
  },
  'Device.DeviceInfo.Location.{i}.DataObject': 'string',
  'Device.DeviceInfo.X_LINESIGHT_MACAddress': 'string',
  // lines_of_service.wan_type is int4.
  'Device.DeviceInfo.X_LINESIGHT_WANType': { type: 'unsignedInt', max: int4Max },
  'Device.DeviceInfo.X_LINESIGHT_ExternalURL': 'string',
  'Device.DeviceInfo.X_LINESIGHT_ClientVersion': 'string',
  'Device.DeviceInfo.X_LINESIGHT_BuildIdentifier': 'string',
  'Device.DeviceInfo.X_LINESIGHT_ExtendedCommands': 'boolean',
  // gateway_state.reporting_interval_seconds is int4: 68 years.
  'Device.BulkData.Profile.{i}.ReportingInterval': { type: 'unsignedInt', max: int4Max },
  // A TR-069 gateway's reporting interval (decision 023), into the same column.
  'Device.ManagementServer.PeriodicInformInterval': { type: 'unsignedInt', max: int4Max },
  'Device.IP.Interface.{i}.IPv4Address.{i}.IPAddress': 'string',

  'Device.Hosts.Host.{i}.PhysAddress': 'string',
  'Device.Hosts.Host.{i}.HostName': 'string',
  'Device.Hosts.Host.{i}.Active': 'boolean',
  'Device.Hosts.Host.{i}.IPAddress': 'string',
  'Device.Hosts.Host.{i}.IPv4Address.{i}.IPAddress': 'string',
  'Device.Hosts.Host.{i}.IPv6Address.{i}.IPAddress': 'string',
  'Device.Hosts.Host.{i}.Layer1Interface': 'string',
  'Device.Hosts.Host.{i}.WANStats.BytesSent': 'unsignedLong',
  'Device.Hosts.Host.{i}.WANStats.BytesReceived': 'unsignedLong',
  'Device.Hosts.Host.{i}.X_LINESIGHT_BytesSent': 'unsignedLong',
  'Device.Hosts.Host.{i}.X_LINESIGHT_BytesReceived': 'unsignedLong',
  'Device.Hosts.Host.{i}.X_LINESIGHT_Blocked': 'boolean',

  'Device.WiFi.AccessPoint.{i}.SSIDReference': 'string',
  'Device.WiFi.AccessPoint.{i}.Security.ModeEnabled': 'string',
  'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.MACAddress': 'string',
  'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.SignalStrength': 'int',
  'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.LastDataDownlinkRate': 'unsignedInt',
  'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.LastDataUplinkRate': 'unsignedInt',
  'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.OperatingStandard': 'string',
  'Device.WiFi.SSID.{i}.SSID': 'string',
  'Device.WiFi.SSID.{i}.BSSID': 'string',
  'Device.WiFi.SSID.{i}.Enable': 'boolean',
  'Device.WiFi.SSID.{i}.LowerLayers': 'string',
  'Device.WiFi.Radio.{i}.OperatingFrequencyBand': 'string',
  'Device.WiFi.Radio.{i}.Channel': 'unsignedInt',
  'Device.WiFi.Radio.{i}.AutoChannelEnable': 'boolean',
  'Device.WiFi.Radio.{i}.OperatingChannelBandwidth': 'string',
  'Device.WiFi.Radio.{i}.CurrentOperatingChannelBandwidth': 'string',
  'Device.WiFi.Radio.{i}.PossibleChannels': 'string',
  'Device.WiFi.Radio.{i}.OperatingStandards': 'string',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.{i}.SSID': 'string',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.{i}.BSSID': 'string',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.{i}.Channel': 'unsignedInt',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.{i}.SignalStrength': 'int',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.{i}.OperatingFrequencyBand': 'string',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.{i}.OperatingChannelBandwidth': 'string',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.{i}.OperatingStandards': 'string',
  'Device.WiFi.NeighboringWiFiDiagnostic.Result.{i}.SecurityModeEnabled': 'string',

  'Device.DSL.Line.{i}.Status': 'string',
  'Device.DSL.Line.{i}.StandardUsed': 'string',
  'Device.DSL.Line.{i}.PowerManagementState': 'string',
  'Device.DSL.Line.{i}.TRELLISds': 'int',
  'Device.DSL.Line.{i}.TRELLISus': 'int',
  // A retrain is recorded at report time less LastChange.
  'Device.DSL.Line.{i}.LastChange': { type: 'unsignedInt', secondsBefore: true },
  'Device.DSL.Line.{i}.DownstreamNoiseMargin': 'int',
  'Device.DSL.Line.{i}.UpstreamNoiseMargin': 'int',
  'Device.DSL.Line.{i}.DownstreamAttenuation': 'int',
  'Device.DSL.Line.{i}.UpstreamAttenuation': 'int',
  'Device.DSL.Line.{i}.DownstreamPower': 'int',
  'Device.DSL.Line.{i}.UpstreamPower': 'int',
  'Device.DSL.Line.{i}.DownstreamMaxBitRate': 'unsignedInt',
  'Device.DSL.Line.{i}.UpstreamMaxBitRate': 'unsignedInt',
  'Device.DSL.Line.{i}.Stats.Total.ErroredSecs': 'unsignedInt',
  'Device.DSL.Line.{i}.Stats.Total.SeverelyErroredSecs': 'unsignedInt',
  'Device.DSL.Line.{i}.X_LINESIGHT_Retrains': 'unsignedInt',
  'Device.DSL.Line.{i}.X_LINESIGHT_PhyRds': 'boolean',
  'Device.DSL.Line.{i}.X_LINESIGHT_PhyRus': 'boolean',
  'Device.DSL.Channel.{i}.LowerLayers': 'string',
  'Device.DSL.Channel.{i}.LinkEncapsulationUsed': 'string',
  'Device.DSL.Channel.{i}.DownstreamCurrRate': 'unsignedInt',
  'Device.DSL.Channel.{i}.UpstreamCurrRate': 'unsignedInt',
  'Device.DSL.Channel.{i}.Stats.Total.XTURFECErrors': 'unsignedInt',
  'Device.DSL.Channel.{i}.Stats.Total.XTUCFECErrors': 'unsignedInt',
  'Device.DSL.Channel.{i}.Stats.Total.XTURHECErrors': 'unsignedInt',
  'Device.DSL.Channel.{i}.Stats.Total.XTUCHECErrors': 'unsignedInt',
  'Device.DSL.Channel.{i}.Stats.Total.XTURCRCErrors': 'unsignedInt',
  'Device.DSL.Channel.{i}.Stats.Total.XTUCCRCErrors': 'unsignedInt',
  'Device.DSL.Channel.{i}.X_LINESIGHT_RtxCds': 'unsignedInt',
  'Device.DSL.Channel.{i}.X_LINESIGHT_RtxCus': 'unsignedInt',
  'Device.DSL.Channel.{i}.X_LINESIGHT_RtxUCds': 'unsignedInt',
  'Device.DSL.Channel.{i}.X_LINESIGHT_RtxUCus': 'unsignedInt',

  'Device.DOCSIS.DownstreamChannel.{i}.ID': 'unsignedInt',
  'Device.DOCSIS.DownstreamChannel.{i}.Frequency': 'int',
  'Device.DOCSIS.DownstreamChannel.{i}.Width': 'int',
  'Device.DOCSIS.DownstreamChannel.{i}.Modulation': 'string',
  'Device.DOCSIS.DownstreamChannel.{i}.Power': 'int',
  'Device.DOCSIS.DownstreamChannel.{i}.SignalQuality.SignalNoise': 'int',
  'Device.DOCSIS.DownstreamChannel.{i}.SignalQuality.ExtCorrecteds': 'unsignedLong',
  'Device.DOCSIS.DownstreamChannel.{i}.SignalQuality.ExtUncorrectables': 'unsignedLong',
  'Device.DOCSIS.UpstreamChannel.{i}.ID': 'int',
  'Device.DOCSIS.UpstreamChannel.{i}.Frequency': 'int',
  'Device.DOCSIS.UpstreamChannel.{i}.Width': 'int',
  'Device.DOCSIS.UpstreamChannel.{i}.Status.TxPower': 'int',
  'Device.DOCSIS.UpstreamChannel.{i}.Status.ModulationType': 'string',
  'Device.DOCSIS.UpstreamChannel.{i}.X_LINESIGHT_SymbolRate': 'unsignedInt',
  'Device.DOCSIS.SpectrumAnalysis.SegmentFrequencySpan': 'unsignedInt',
  'Device.DOCSIS.SpectrumAnalysis.Result.{i}.Frequency': 'int',
  'Device.DOCSIS.SpectrumAnalysis.Result.{i}.AmplitudeData': 'string',
};

/** The typed paths, `{i}` for each instance number: for tests that try every one. */
export const typedParameterPaths: readonly string[] = Object.keys(parameterTypes);

/** How a number is checked: its range, said in words for the answer. */
interface NumberCheck {
  min: number;
  max: number;
  range: string;
  secondsBefore: boolean;
}

function numberCheckOf(entry: Exclude<Entry, 'boolean' | 'string'>): NumberCheck {
  const { type, min, max, secondsBefore } = typeof entry === 'object' ? entry : { type: entry };
  const range = numberRanges[type];
  return min === undefined && max === undefined
    ? { ...range, secondsBefore: secondsBefore ?? false }
    : {
        min: min ?? range.min,
        max: max ?? range.max,
        range: `a whole number from ${min ?? range.min} to ${max ?? range.max}`,
        secondsBefore: secondsBefore ?? false,
      };
}

type Check = NumberCheck | 'boolean' | 'string';

/** Each typed path's check, worked out once. */
const checksByPath = new Map<string, Check>(
  Object.entries(parameterTypes).map(([path, entry]) => [
    path,
    entry === 'boolean' || entry === 'string' ? entry : numberCheckOf(entry),
  ]),
);

/** Instance numbers end up in int4 columns (a DSL line's retrain events). */
const largestInstance = int4Max;

/**
 * The most rows a table the collector reads may hold in one report. A gateway lists a few
 * hundred LAN hosts at most (a /24), a DOCSIS modem some forty channels; the collector's work on
 * one report cannot be sliced, and a report of 100,000 hosts held the event loop for 2.9 s.
 */
export const maxRowsPerTable = 1024;

/** The generic paths of the tables the collector reads: `Device.Hosts.Host.` and the like. */
const readTables = new Set(
  typedParameterPaths.flatMap((path) =>
    path
      .split('{i}')
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join('{i}')),
  ),
);

/** `Device.Hosts.Host.3.Active` → `Device.Hosts.Host.{i}.Active`. */
const genericPathOf = (path: string): string =>
  path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? '{i}' : part))
    .join('.');

/**
 * What a concrete path is checked as: by its generic path, `tooLargeInstance` when one of its
 * instance numbers is past what the store keeps, null when the collector does not read it.
 */
function checkOf(path: string): Check | 'tooLargeInstance' | null {
  const check = checksByPath.get(genericPathOf(path));
  if (!check) return null;
  const tooLarge = path
    .split('.')
    .some((part) => /^\d+$/.test(part) && Number(part) > largestInstance);
  return tooLarge ? 'tooLargeInstance' : check;
}

const cachedCheckOf = cachedPerPath(checkOf);

/** A decimal number as agents write it in a string: no hex, no `Infinity`, no blank. */
const decimal = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** What is wrong with a value, and where, for the answer. */
export interface ParameterProblem {
  path: string;
  message: string;
}

/** A value made what the normalisers expect, or what is wrong with it. */
type Checked = { value: ParameterValue } | { problem: string };

function checkNumber(value: ParameterValue, check: NumberCheck, collectionTime: number): Checked {
  if (value === '') return { value };
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && value.length <= 64 && decimal.test(value)) {
    number = Number(value);
  } else return { problem: `must be ${check.range}` };
  // Agents that compute in floating point send 1.5 for an integer: the nearest whole value.
  number = Math.round(number);
  if (!(number >= check.min && number <= check.max)) return { problem: `must be ${check.range}` };
  if (check.secondsBefore && collectionTime - number < earliestBelievableSeconds) {
    return { problem: 'puts its start before 2000' };
  }
  return { value: number };
}

function checkBoolean(value: ParameterValue): Checked {
  const text = String(value).trim().toLowerCase();
  if (text === 'true' || text === '1') return { value: true };
  if (text === 'false' || text === '0') return { value: false };
  if (text === '') return { value: '' };
  return { problem: 'must be true, false, 1 or 0' };
}

/**
 * Checks a report's values against their TR-181 types, in place: a number sent as a string
 * becomes a number, a fraction the nearest whole number, `"true"`/`"1"` a boolean. Answers the
 * first value no type allows, or a table the collector reads with more than `maxRowsPerTable`
 * rows, or null. An empty string stays: the normalisers read it as "not reported". Paths the
 * collector does not read are left as they are. Runs on every parameter of every report, so
 * what a gateway usually sends (a whole number in range, a boolean) costs a lookup and a
 * comparison.
 */
export function checkParameterValues(
  parameters: Map<string, ParameterValue>,
  collectionTime: number,
): ParameterProblem | null {
  for (const [path, value] of parameters) {
    const check = cachedCheckOf(path);
    if (check === null || check === 'string') continue;
    if (check === 'tooLargeInstance') {
      return { path, message: `has an instance number over ${largestInstance}` };
    }
    let checked: Checked;
    if (check === 'boolean') {
      if (typeof value === 'boolean') continue;
      checked = checkBoolean(value);
    } else {
      if (
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= check.min &&
        value <= check.max &&
        !check.secondsBefore
      ) {
        continue;
      }
      checked = checkNumber(value, check, collectionTime);
    }
    if ('problem' in checked) return { path, message: checked.problem };
    if (checked.value !== value) parameters.set(path, checked.value);
  }
  // The index the normalisers read anyway, built now that the values are checked.
  for (const [tablePath, rows] of tableIndexOf(parameters)) {
    if (rows.size > maxRowsPerTable && readTables.has(genericPathOf(tablePath))) {
      return { path: tablePath.slice(0, -1), message: `holds more than ${maxRowsPerTable} rows` };
    }
  }
  return null;
}
