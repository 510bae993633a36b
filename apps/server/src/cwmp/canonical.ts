/**
 * A session's values as the canonical model the collector reads (decision 023): TR-181 paths
 * (TR-098's mapped by tr098.ts), each value typed by its `xsi:type`, and what TR-069 says
 * elsewhere than in a parameter (the Inform's DeviceId, the CWMP version, the block mechanism's
 * state) written as the parameters the collector reads for it.
 */

import type { ParameterValue } from '@linesight/contract';
import { normaliseMac, vendorPrefix } from '../ingest/device-identity';
import { blockedMacs } from './commands';
import type { CwmpValue, DataModel, DeviceId } from './rpc';
import { toTr181 } from './tr098';

const wholeNumberTypes = new Set([
  'xsd:int',
  'xsd:unsignedInt',
  'xsd:long',
  'xsd:unsignedLong',
  'xsd:integer',
  'xsd:short',
  'xsd:unsignedShort',
  'xsd:byte',
  'xsd:unsignedByte',
]);

/**
 * A value as its type says: whole numbers as numbers (a 64-bit counter past 2^53 stays text,
 * which the collector reads exactly as far as it can), booleans as booleans, the rest as text.
 * A value that does not fit its type stays text, for the collector's check to refuse it.
 */
export function typedValue(value: CwmpValue): ParameterValue {
  const text = value.value.trim();
  if (wholeNumberTypes.has(value.type) && /^[+-]?\d+$/.test(text)) {
    const number = Number(text);
    return Number.isSafeInteger(number) ? number : text;
  }
  if (value.type === 'xsd:boolean') {
    const lower = text.toLowerCase();
    if (lower === '1' || lower === 'true') return true;
    if (lower === '0' || lower === 'false') return false;
  }
  return value.value;
}

/** The ManagementServer parameters the collector reads, by data model. */
const informIntervalPaths: Record<DataModel, string> = {
  tr181: 'Device.ManagementServer.PeriodicInformInterval',
  tr098: 'InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
};

export interface SessionValues {
  model: DataModel;
  deviceId: DeviceId;
  /** 0 to 4: CWMP 1.`cwmpMinor`, the version the gateway informed in. */
  cwmpMinor: number;
  /** Every value the session read, in the gateway's own paths, the Inform's included. */
  values: readonly CwmpValue[];
  /** Whether the block mechanism's objects were read, so a host not in it is known unblocked. */
  blockStateRead: boolean;
}

/** The session's canonical report: TR-181 paths to typed values. */
export function canonicalParameters(session: SessionValues): Map<string, ParameterValue> {
  const { model, values } = session;
  const mapped = model === 'tr098' ? toTr181(values) : values;
  const parameters = new Map<string, ParameterValue>();
  for (const value of mapped) {
    if (value.name.startsWith('Device.') && !value.name.endsWith('.')) {
      parameters.set(value.name, typedValue(value));
    }
  }
  // The interval a TR-098 gateway informs at, should the mapping not carry it.
  const interval = values.find((value) => value.name === informIntervalPaths[model]);
  if (interval && !parameters.has(informIntervalPaths.tr181)) {
    parameters.set(informIntervalPaths.tr181, typedValue(interval));
  }
  const { deviceId } = session;
  const identity: [string, string][] = [
    ['Device.DeviceInfo.SerialNumber', deviceId.serialNumber],
    ['Device.DeviceInfo.ManufacturerOUI', deviceId.oui],
    ['Device.DeviceInfo.ProductClass', deviceId.productClass],
    ['Device.DeviceInfo.Manufacturer', deviceId.manufacturer],
  ];
  for (const [path, value] of identity) {
    if (value && !parameters.get(path)) parameters.set(path, value);
  }
  // The ACS answers commands for the gateway: the collector's sign of a commanding agent.
  parameters.set(`Device.DeviceInfo.${vendorPrefix}ClientVersion`, `CWMP 1.${session.cwmpMinor}`);
  if (session.blockStateRead) addBlockedHosts(parameters, blockedMacs(model, values));
  return parameters;
}

/** `X_LINESIGHT_Blocked` on every host, true for those the block mechanism holds. */
function addBlockedHosts(parameters: Map<string, ParameterValue>, blocked: Set<string>): void {
  const hostAddress = /^Device\.Hosts\.Host\.(\d+)\.PhysAddress$/;
  for (const [path, value] of [...parameters]) {
    const match = hostAddress.exec(path);
    if (!match) continue;
    const mac = normaliseMac(String(value));
    parameters.set(
      `Device.Hosts.Host.${match[1]}.${vendorPrefix}Blocked`,
      mac !== null && blocked.has(mac),
    );
  }
}
