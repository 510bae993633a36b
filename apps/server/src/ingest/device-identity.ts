import type { ParameterValue } from '@linesight/contract';

/** Vendor parameters carry what TR-181 lacks; docs/reporting-protocol.md lists them all. */
export const vendorPrefix = 'X_LINESIGHT_';

export interface DeviceIdentity {
  deviceType: string | null;
  identifier: string | null;
  mac: string | null;
  /** The manufacturer's OUI, as TR-181 writes it: six upper-case hex digits. */
  oui: string | null;
  wanType: number | null;
  externalUrl: string | null;
}

function text(parameters: Map<string, ParameterValue>, path: string): string | null {
  const value = parameters.get(path);
  if (value === undefined) return null;
  const trimmed = String(value).trim();
  return trimmed.length > 0 ? trimmed.slice(0, 255) : null;
}

/** The MAC as the portal shows and searches it: lower-case, colon-separated. */
export function normaliseMac(value: string | null): string | null {
  if (!value) return null;
  const hex = value.toLowerCase().replace(/[^0-9a-f]/g, '');
  if (hex.length !== 12) return null;
  return hex.match(/../g)?.join(':') ?? null;
}

/** An OUI in any case, with or without separators (`00:d0:9e`), as six upper-case hex digits. */
function normaliseOui(value: string | null): string | null {
  const hex = value?.toUpperCase().replace(/[^0-9A-F]/g, '') ?? '';
  return hex.length === 6 ? hex : null;
}

/**
 * The line class when the gateway does not say: the seed's wanType codes are 32 for DSL, 64 for
 * DOCSIS and 96 for PON; a gateway naming its own code wins.
 */
function inferredWanType(parameters: Map<string, ParameterValue>): number | null {
  const has = (prefix: string): boolean =>
    [...parameters.keys()].some((path) => path.startsWith(prefix));
  if (has('Device.DSL.')) return 32;
  if (has('Device.DOCSIS.')) return 64;
  if (has('Device.Optical.')) return 96;
  return null;
}

/**
 * The device's identity from a report: model, serial number, MAC, manufacturer's OUI, wanType,
 * configure link.
 */
export function deviceIdentityOf(parameters: Map<string, ParameterValue>): DeviceIdentity {
  const declaredWanType = Number(parameters.get(`Device.DeviceInfo.${vendorPrefix}WANType`));
  const externalUrl = text(parameters, `Device.DeviceInfo.${vendorPrefix}ExternalURL`);
  return {
    deviceType:
      text(parameters, 'Device.DeviceInfo.ModelName') ??
      text(parameters, 'Device.DeviceInfo.ProductClass'),
    identifier: text(parameters, 'Device.DeviceInfo.SerialNumber'),
    mac: normaliseMac(text(parameters, `Device.DeviceInfo.${vendorPrefix}MACAddress`)),
    oui: normaliseOui(text(parameters, 'Device.DeviceInfo.ManufacturerOUI')),
    wanType:
      Number.isInteger(declaredWanType) && declaredWanType > 0
        ? declaredWanType
        : inferredWanType(parameters),
    externalUrl: externalUrl && /^https?:\/\//.test(externalUrl) ? externalUrl : null,
  };
}
