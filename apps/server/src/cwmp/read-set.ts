/**
 * What the ACS reads of a TR-181 gateway in each session: the parameters the collector reads
 * (docs/reporting-protocol.md, "What the collector reads"), as GetParameterValues names. A table
 * is read whole by its partial path (`Device.Hosts.Host.`), since its instances are unknown until
 * read; a large object the collector reads a few parameters of is read parameter by parameter.
 * Vendor parameters (`X_LINESIGHT_`) are not asked for: no stock TR-069 agent has them.
 */

export const tr181ReadPaths: readonly string[] = [
  'Device.DeviceInfo.ModelName',
  'Device.DeviceInfo.ProductClass',
  'Device.DeviceInfo.SerialNumber',
  'Device.DeviceInfo.ManufacturerOUI',
  'Device.DeviceInfo.SoftwareVersion',
  'Device.DeviceInfo.UpTime',
  'Device.DeviceInfo.ProcessStatus.CPUUsage',
  'Device.DeviceInfo.MemoryStatus.Total',
  'Device.DeviceInfo.MemoryStatus.Free',
  'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.',
  'Device.DeviceInfo.Location.',
  'Device.ManagementServer.PeriodicInformEnable',
  'Device.ManagementServer.PeriodicInformInterval',
  'Device.Hosts.Host.',
  'Device.WiFi.Radio.',
  'Device.WiFi.SSID.',
  'Device.WiFi.AccessPoint.',
  'Device.IP.Interface.',
  'Device.DSL.Line.',
  'Device.DSL.Channel.',
  'Device.DOCSIS.DownstreamChannel.',
  'Device.DOCSIS.UpstreamChannel.',
  'Device.DOCSIS.SpectrumAnalysis.',
];

/** The site survey's results, read after the gateway informs `8 DIAGNOSTICS COMPLETE`. */
export const siteSurveyResultsPath = 'Device.WiFi.NeighboringWiFiDiagnostic.';

/** The most names one GetParameterValues carries: a small gateway answers 32 at a time. */
export const maxNamesPerRequest = 32;

/**
 * The object under the root a path is in (`Device.WiFi.` for `Device.WiFi.Radio.`), which a
 * GetParameterNames of the root with NextLevel true lists when the gateway has it.
 */
export function topObjectOf(path: string): string {
  const first = path.indexOf('.');
  const second = path.indexOf('.', first + 1);
  return second === -1 ? path : path.slice(0, second + 1);
}

/**
 * The names to read, in the order given, without those the gateway faulted on and, once its
 * objects are known, without those under an object it does not have.
 */
export function namesToRead(
  paths: readonly string[],
  objects: readonly string[] | null,
  faulted: readonly string[],
): string[] {
  const present = objects ? new Set(objects) : null;
  const refused = new Set(faulted);
  return [...new Set(paths)].filter(
    (path) => !refused.has(path) && (!present || present.has(topObjectOf(path))),
  );
}

/** Names in requests of at most `maxNamesPerRequest`. */
export function chunksOf(names: readonly string[], size = maxNamesPerRequest): string[][] {
  const chunks: string[][] = [];
  for (let start = 0; start < names.length; start += size) {
    chunks.push(names.slice(start, start + size));
  }
  return chunks;
}
