import { type Capability, capabilityFlags } from '@linesight/contract';
import type { ParameterValue } from './report-format';
import { vendorPrefix } from './device-identity';

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
  { area: string; shows: (path: string, parameters: Map<string, ParameterValue>) => boolean }
> = {
  commands: {
    area: 'DeviceInfo',
    shows: (path) => path === `Device.DeviceInfo.${vendorPrefix}ClientVersion`,
  },
  docsis: { area: 'DOCSIS', shows: () => true },
  docsisSa: {
    area: 'DOCSIS',
    shows: (path) => path.startsWith('Device.DOCSIS.SpectrumAnalysis.Result.'),
  },
  dslPerformance: { area: 'DSL', shows: (path) => path.startsWith('Device.DSL.Line.') },
  localNetworkDevices: { area: 'Hosts', shows: (path) => path.startsWith('Device.Hosts.Host.') },
  localNetworkHostDevices: {
    area: 'Hosts',
    shows: (path) => /^Device\.Hosts\.Host\.\d+\.HostName$/.test(path),
  },
  macCounters: {
    area: 'Hosts',
    shows: (path) => /^Device\.Hosts\.Host\.\d+\.(WANStats\.Bytes|X_LINESIGHT_Bytes)/.test(path),
  },
  phaCapExtendedLength: {
    area: 'DeviceInfo',
    shows: (path, parameters) =>
      path === `Device.DeviceInfo.${vendorPrefix}ExtendedCommands` &&
      String(parameters.get(path)) === 'true',
  },
  physicalStatus: {
    area: 'DeviceInfo',
    shows: (path) =>
      path === 'Device.DeviceInfo.ProcessStatus.CPUUsage' ||
      path === 'Device.DeviceInfo.MemoryStatus.Free',
  },
  wifiRadio: { area: 'WiFi', shows: (path) => path.startsWith('Device.WiFi.Radio.') },
  wifiRadioPerformance: {
    area: 'WiFi',
    shows: (path) => /\.AssociatedDevice\.\d+\.SignalStrength$/.test(path),
  },
  wifiSpectrumAnalyzer: {
    area: 'WiFi',
    shows: (path) => path.startsWith('Device.WiFi.NeighboringWiFiDiagnostic.Result.'),
  },
  wifiSsid: { area: 'WiFi', shows: (path) => path.startsWith('Device.WiFi.SSID.') },
};

/** The flags each object under `Device.` can show: a path is tested only against those. */
const flagsByArea = new Map<string, Capability[]>();
for (const flag of capabilityFlags) {
  const { area } = evidence[flag];
  flagsByArea.set(area, [...(flagsByArea.get(area) ?? []), flag]);
}

/** The capability flags a report shows. */
export function capabilitiesOf(parameters: Map<string, ParameterValue>): Set<Capability> {
  const shown = new Set<Capability>();
  const devicePrefix = 'Device.'.length;
  for (const path of parameters.keys()) {
    const flags = flagsByArea.get(path.slice(devicePrefix, path.indexOf('.', devicePrefix)));
    if (!flags) continue;
    for (const flag of flags) {
      if (!shown.has(flag) && evidence[flag].shows(path, parameters)) shown.add(flag);
    }
  }
  return shown;
}

/** `known` with `shown` added, in the seed's order. */
export function withCapabilities(known: readonly string[], shown: Set<Capability>): Capability[] {
  return capabilityFlags.filter((flag) => shown.has(flag) || known.includes(flag));
}
