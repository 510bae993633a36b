import type { ParameterValue } from './report-format';
import { vendorPrefix } from './device-identity';

/** Seed 001 section 3's device capability flags, in its order. */
export const capabilityFlags = [
  'commands',
  'docsis',
  'docsisSa',
  'dslPerformance',
  'localNetworkDevices',
  'localNetworkHostDevices',
  'macCounters',
  'phaCapExtendedLength',
  'physicalStatus',
  'wifiRadio',
  'wifiRadioPerformance',
  'wifiSpectrumAnalyzer',
  'wifiSsid',
] as const;
export type Capability = (typeof capabilityFlags)[number];

/**
 * What a gateway can show, read off what it reports: a flag is set by the first report that
 * carries its data. A site survey or spectrum analysis comes hourly at best, so the store keeps
 * every flag once seen (see `withCapabilities`).
 *
 * - `commands`: a management agent answers the command channel (it names its version).
 * - `phaCapExtendedLength`: the agent accepts the longer command parameters
 *   (`X_LINESIGHT_ExtendedCommands`), as LineSight's own agent does.
 */
const evidence: Record<
  Capability,
  (path: string, parameters: Map<string, ParameterValue>) => boolean
> = {
  commands: (path) => path === `Device.DeviceInfo.${vendorPrefix}ClientVersion`,
  docsis: (path) => path.startsWith('Device.DOCSIS.'),
  docsisSa: (path) => path.startsWith('Device.DOCSIS.SpectrumAnalysis.Result.'),
  dslPerformance: (path) => path.startsWith('Device.DSL.Line.'),
  localNetworkDevices: (path) => path.startsWith('Device.Hosts.Host.'),
  localNetworkHostDevices: (path) => /^Device\.Hosts\.Host\.\d+\.HostName$/.test(path),
  macCounters: (path) =>
    /^Device\.Hosts\.Host\.\d+\.(WANStats\.Bytes|X_LINESIGHT_Bytes)/.test(path),
  phaCapExtendedLength: (path, parameters) =>
    path === `Device.DeviceInfo.${vendorPrefix}ExtendedCommands` &&
    String(parameters.get(path)) === 'true',
  physicalStatus: (path) =>
    path === 'Device.DeviceInfo.ProcessStatus.CPUUsage' ||
    path === 'Device.DeviceInfo.MemoryStatus.Free',
  wifiRadio: (path) => path.startsWith('Device.WiFi.Radio.'),
  wifiRadioPerformance: (path) => /\.AssociatedDevice\.\d+\.SignalStrength$/.test(path),
  wifiSpectrumAnalyzer: (path) => path.startsWith('Device.WiFi.NeighboringWiFiDiagnostic.Result.'),
  wifiSsid: (path) => path.startsWith('Device.WiFi.SSID.'),
};

/** The capability flags a report shows. */
export function capabilitiesOf(parameters: Map<string, ParameterValue>): Set<Capability> {
  const shown = new Set<Capability>();
  for (const path of parameters.keys()) {
    for (const flag of capabilityFlags) {
      if (!shown.has(flag) && evidence[flag](path, parameters)) shown.add(flag);
    }
  }
  return shown;
}

/** `known` with `shown` added, in the seed's order. */
export function withCapabilities(known: readonly string[], shown: Set<Capability>): Capability[] {
  return capabilityFlags.filter((flag) => shown.has(flag) || known.includes(flag));
}
