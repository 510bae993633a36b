import { z } from 'zod';
import { timespanSchema } from './chart-spans';
import { deviceIconSchema } from './device-icons';
import { maxFieldLength, storableText } from './text';

/**
 * The payloads of a line's home-network screens (seed 001 sections 2, 3 and 7): summary,
 * devices, bandwidth, WiFi, location. Times are epoch ms (UTC); bytes, dBm and kbps are as the
 * gateway reported them, and the rates the portal shows are in Mbps. A route whose gateway has
 * not reported what it serves answers 204 with no body.
 */

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

/** GET /api/deviceCapabilities/v1/{code}: every flag, true once the gateway has shown it. */
export const deviceCapabilitiesSchema = z.object(
  Object.fromEntries(capabilityFlags.map((flag) => [flag, z.boolean()])) as Record<
    Capability,
    z.ZodBoolean
  >,
);
export type DeviceCapabilities = z.infer<typeof deviceCapabilitiesSchema>;

export const macAddressPattern = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/;
/** A MAC as the API writes it: six lower-case hex pairs joined by colons. */
export const macAddressSchema = z.string().regex(macAddressPattern);

export const freqBands = ['2.4GHz', '5GHz', '6GHz'] as const;
export const freqBandSchema = z.enum(freqBands);
export type FreqBand = z.infer<typeof freqBandSchema>;

export const connectionTypes = ['WiFi', 'Ethernet', 'USB', 'Not reported'] as const;
export type ConnectionType = (typeof connectionTypes)[number];

/** A link rate as the device rows show it (seed 001 section 3: value and units). */
export const linkRateSchema = z.object({ value: z.number(), units: z.literal('Mbps') });

/** One LAN device (seed 001 section 3), keyed by its MAC. */
export const lanDeviceSchema = z.object({
  macAddress: z.string(),
  /** The name a user gave it (PUT /api/localnetwork), else null. */
  alias: z.string().nullable(),
  /** The host name the gateway reports, else null. */
  name: z.string().nullable(),
  manufacturer: z.string().nullable(),
  /** The icon a user chose, else the one guessed from the name (`guessDeviceIcon`). */
  iconImageType: deviceIconSchema,
  iconChosen: z.boolean(),
  online: z.boolean(),
  blocked: z.boolean(),
  connectionType: z.enum(connectionTypes),
  /**
   * Bytes the device received (in) and sent (out) from `startTime` to now; null when the
   * gateway does not report per-host byte counters (capability `macCounters`: many TR-098 ones).
   */
  consumption: z
    .object({ inBytes: z.number(), outBytes: z.number(), startTime: z.number() })
    .nullable(),
  firstConnectedDate: z.number(),
  lastOnlineDate: z.number().nullable(),
  /** 1 for the device that moved the most bytes over the last day; null with no traffic. */
  throughputRank: z.number().int().nullable(),
  ipv4Addresses: z.array(z.string()),
  ipv6Addresses: z.array(z.string()),
  wifiBand: freqBandSchema.nullable(),
  /** 0 to 4 bars (`signalBars`), from the average of the last two readings; null off WiFi. */
  wifiSignal: z.number().int().min(0).max(4).nullable(),
  wifiSignalPercent: z.number().nullable(),
  /** dBm, the average of the last two readings. */
  rssi: z.number().nullable(),
  /** The SSID the device is on. */
  wifiNetwork: z.string().nullable(),
  /** The standard the device uses on the link, e.g. `ax`, `ac`, `n`. */
  wifiStandard: z.string().nullable(),
  /** Gateway to device (download) and device to gateway (upload). */
  wifiTxRate: linkRateSchema.nullable(),
  wifiRxRate: linkRateSchema.nullable(),
});
export type LanDevice = z.infer<typeof lanDeviceSchema>;

/** GET /api/localnetwork/v1/{code}: the line's LAN devices, online first. */
export const localNetworkResponseSchema = z.object({
  /** When the gateway last reported. */
  timestamp: z.number(),
  devices: z.array(lanDeviceSchema),
});
export type LocalNetworkResponse = z.infer<typeof localNetworkResponseSchema>;

export const maxAliasLength = 64;

/**
 * PUT /api/localnetwork/v1/{code}: a user's names and icons for devices. An empty or null alias
 * clears it (the reported name shows again); a null icon goes back to the guessed one.
 */
export const localNetworkUpdateSchema = z.object({
  localNetwork: z
    .array(
      z.object({
        macAddress: macAddressSchema,
        alias: storableText(maxAliasLength).trim().nullable(),
        icon: deviceIconSchema.nullable(),
      }),
    )
    .min(1)
    .max(256),
});
export type LocalNetworkUpdate = z.infer<typeof localNetworkUpdateSchema>;

/**
 * Not in the seed's call list (it names the fields only): GET /api/gateway/v1/{code}, the
 * gateway as the summary and the connection diagram show it (seed 001 section 3, Gateway).
 */
export const gatewaySchema = z.object({
  lineOfServiceCode: z.string(),
  mostRecentReportTime: z.number(),
  /** Reported within its reporting interval (and a grace): docs/decisions/013. */
  online: z.boolean(),
  reportingIntervalSeconds: z.number(),
  wanType: z.number().int().nullable(),
  /** Whether the gateway's WAN link is up, as its last report said. */
  wanConnected: z.boolean(),
  secondsSinceLastReboot: z.number().nullable(),
  latestCPU: z.number().nullable(),
  totalRamBytes: z.number().nullable(),
  latestUsedRamBytes: z.number().nullable(),
  /** Tenths of °C; null when the gateway has no reading. */
  latestTemperature: z.number().nullable(),
  manufacturer: z.string().nullable(),
  modelName: z.string().nullable(),
  macAddress: z.string().nullable(),
  /** The WAN addresses. */
  ipv4Addresses: z.array(z.string()),
  ipv6Addresses: z.array(z.string()),
  /** The 'Wifi Standard' code of seed 001 section 3 (5 = 802.11n, 6 = ac, 9 = ax), else null. */
  wifiStandard: z.number().int().nullable(),
});
export type Gateway = z.infer<typeof gatewaySchema>;

/**
 * Not in the seed's call list: GET /api/supportInfo/v1/{code}, the footer's support
 * information (seed 001 section 2, Gateway status). 204 before the gateway's first report.
 */
export const supportInfoSchema = z.object({
  clientId: z.string().nullable(),
  wanIp: z.string().nullable(),
  buildIdentifier: z.string().nullable(),
  clientVersion: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
});
export type SupportInfo = z.infer<typeof supportInfoSchema>;

/** GET /api/lineOfServiceLocation/v1/{code}: 204 when neither the gateway nor a user set one. */
export const lineOfServiceLocationSchema = z.object({
  lat: z.number(),
  long: z.number(),
  /** Metres, when the source gives it. */
  accuracy: z.number().nullable(),
  source: z.enum(['user', 'service']),
});
export type LineOfServiceLocation = z.infer<typeof lineOfServiceLocationSchema>;

/**
 * Not in the seeds: GET /api/mapSettings/v1, the map tiles the location panel draws from
 * (`MAP_TILE_URL`, a Leaflet URL template such as `https://tile.example/{z}/{x}/{y}.png`). With
 * none the map shows the bundled world outline alone.
 */
export const mapSettingsSchema = z.object({
  tileUrl: z.string().nullable(),
  attribution: z.string().nullable(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;

/** Optional minus, digits, optional dot and digits (seed 001 section 5); rounded to 5 decimals. */
export const coordinatePattern = /^-?\d+(\.\d+)?$/;
export const coordinateDecimals = 5;
const coordinateInput = z.union([z.string().max(32), z.number()]);

/**
 * PUT /api/lineOfServiceLocation/v1/{code}: a user's location for the line; an empty body
 * (`{}`) deletes it, and the gateway's own shows again.
 */
export const lineOfServiceLocationUpdateSchema = z.object({
  lat: coordinateInput.optional(),
  long: coordinateInput.optional(),
});
export type LineOfServiceLocationUpdate = z.infer<typeof lineOfServiceLocationUpdateSchema>;

export const wifiNetworkSchema = z.object({
  ssid: z.string().nullable(),
  bssid: z.string().nullable(),
  ssidEnabled: z.boolean(),
  security: z.string().nullable(),
  referenceId: z.string(),
  parentRadioReferenceId: z.string().nullable(),
});

export const wifiRadioSchema = z.object({
  freqBand: freqBandSchema.nullable(),
  /** 0 when the radio picks its own channel (shown as Auto). */
  channel: z.number().int(),
  /** The centre of the channels the radio uses at its bandwidth. */
  centerChannel: z.number().int().nullable(),
  channelBandwidth: z.number().int().nullable(),
  availableChannels: z.array(z.number().int()),
  radioInstance: z.number().int(),
  /** The secondary 20 MHz channel of a 40 MHz channel, else null. */
  sideChannel: z.number().int().nullable(),
  /** As TR-181 lists them, e.g. `a,n,ac`. */
  standard: z.string().nullable(),
  timestamp: z.number(),
  wifiNetworks: z.array(wifiNetworkSchema),
});
export type WifiRadio = z.infer<typeof wifiRadioSchema>;

/** GET /api/wifiSettings/v1/{code}: 204 before the gateway reports its radios. */
export const wifiSettingsSchema = z.object({ wifiRadios: z.array(wifiRadioSchema) });
export type WifiSettings = z.infer<typeof wifiSettingsSchema>;

/** POST /api/deviceActionRequest/v1/{losCode} answers the command's messageId as `data`. */
export const deviceActionResponseSchema = z.object({ data: z.string() });
/** GET /api/deviceActionStatus/v1/{losCode}?messageId */
export const deviceActionStatusQuerySchema = z.object({ messageId: z.uuid() });

/** A line's code in a path that the seed names `losCode`. */
export const losCodeParamsSchema = z.object({
  losCode: storableText(maxFieldLength).trim().min(1),
});

/**
 * One device's counters over a timespan, a point per `intervalSeconds` from `startTime`:
 * bytes received (in) and sent (out) by the device, its signal in dBm, and its link rates in
 * kbps (rx: device to gateway, tx: gateway to device). null where the gateway did not report;
 * the bytes are null throughout when it reports no per-host byte counters (no `macCounters`).
 */
export const macSeriesSchema = z.object({
  startTime: z.number(),
  intervalSeconds: z.number(),
  inBytes: z.array(z.number().nullable()),
  outBytes: z.array(z.number().nullable()),
  rssi: z.array(z.number().nullable()),
  rxRate: z.array(z.number().nullable()),
  txRate: z.array(z.number().nullable()),
});
export type MacSeries = z.infer<typeof macSeriesSchema>;

/** A device's bandwidth (seed 001 section 3): its name and a series per timespan asked for. */
export const macCountersSchema = z.object({
  macAddress: z.string(),
  /** The name the chart shows: alias, else host name, else MAC. */
  host: z.string(),
  bm: z.object({
    hour: macSeriesSchema.optional(),
    halfday: macSeriesSchema.optional(),
    day: macSeriesSchema.optional(),
    week: macSeriesSchema.optional(),
    month: macSeriesSchema.optional(),
    /** The zoomed range (`/span`): the seed's rangeUnitData. */
    zoom: macSeriesSchema.optional(),
  }),
});
export type MacCounters = z.infer<typeof macCountersSchema>;
export const macCountersResponseSchema = z.object({ hosts: z.array(macCountersSchema) });
export type MacCountersResponse = z.infer<typeof macCountersResponseSchema>;

/**
 * GET /api/maccounter/v1/{losCode}: hour, day and week, or the one `timespan` asked for
 * (month is /api/maccounter30). Kept as text so a wrong value gets its own error code.
 */
export const macCountersQuerySchema = z.object({ timespan: z.string().max(32).optional() });
export const macCountersTimespans = timespanSchema.exclude(['month']);

/**
 * GET /api/maccounter/v1/span/{losCode}?startTime&endTime&macAddress…: a zoomed range, at most
 * 26 hours (and the 2-minute lead), of the MACs named (all when none is). Kept loose so that
 * each wrong value gets its own error code.
 */
export const macCountersSpanQuerySchema = z.object({
  startTime: z.string().max(32),
  endTime: z.string().max(32),
  macAddress: z.union([z.string().max(64), z.array(z.string().max(64)).max(256)]).optional(),
});

/** GET /api/parameter/v1/{name}: a portal parameter; only `maccounters.frequency` exists. */
export const parameterNames = ['maccounters.frequency'] as const;
export const parameterParamsSchema = z.object({ name: z.string().max(64) });
export const parameterResponseSchema = z.object({ name: z.string(), value: z.number() });
export type ParameterResponse = z.infer<typeof parameterResponseSchema>;

/**
 * Why a device may not be blocked or unblocked (seed 001 sections 5 and 8), or null when it
 * may: the gateway must take commands, from an agent whose version is not a WRT build, and the
 * device must be on WiFi or USB. The server refuses with this code; the page disables the
 * toggle and shows its message.
 */
export function blockRefusal(
  device: Pick<LanDevice, 'connectionType'>,
  capabilities: Pick<DeviceCapabilities, 'commands'>,
  clientVersion: string | null,
):
  | 'DEVICE_ACTION.COMMANDS_NOT_SUPPORTED'
  | 'DEVICE_ACTION.BLOCK_NOT_SUPPORTED'
  | 'DEVICE_ACTION.ETHERNET_NOT_SUPPORTED'
  | 'DEVICE_ACTION.CONNECTION_TYPE_NOT_REPORTED'
  | null {
  if (!capabilities.commands) return 'DEVICE_ACTION.COMMANDS_NOT_SUPPORTED';
  if (clientVersion === null || /wrt/i.test(clientVersion))
    return 'DEVICE_ACTION.BLOCK_NOT_SUPPORTED';
  if (device.connectionType === 'Ethernet') return 'DEVICE_ACTION.ETHERNET_NOT_SUPPORTED';
  if (device.connectionType === 'Not reported') return 'DEVICE_ACTION.CONNECTION_TYPE_NOT_REPORTED';
  return null;
}
