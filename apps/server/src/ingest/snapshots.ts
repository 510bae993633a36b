import type { ParameterValue } from './report-format';
import { normaliseMac } from './device-identity';
import { tableRows } from './normalise';
import type {
  FreqBand,
  ReportedLocation,
  SiteSurveyEntry,
  WifiNetwork,
  WifiRadio,
} from '../telemetry/canonical-model';

/**
 * Normalisers for what a report carries as a whole: WiFi radios and networks, the neighbouring
 * networks a site survey found, and the gateway's location. Shapes follow seed 001 section 3.
 */

type Row = Map<string, ParameterValue>;

const text = (value: ParameterValue | undefined): string | null => {
  if (value === undefined) return null;
  const trimmed = String(value).trim();
  return trimmed ? trimmed.slice(0, 255) : null;
};
const numeric = (value: ParameterValue | undefined): number | null => {
  if (value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};
const bool = (value: ParameterValue | undefined): boolean =>
  value === true || value === 'true' || value === '1' || value === 1;

function bandOf(value: ParameterValue | undefined): FreqBand | null {
  const band = text(value);
  return band === '2.4GHz' || band === '5GHz' || band === '6GHz' ? band : null;
}

/** "20MHz", "80MHz", "Auto" → 20, 80, null. */
function bandwidthOf(value: ParameterValue | undefined): number | null {
  const match = /^(\d+)\s*MHz$/i.exec(text(value) ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

/** TR-181 lists channels as "1-11" or "36,40,44" (or both mixed). */
export function channelList(value: ParameterValue | undefined): number[] {
  const channels: number[] = [];
  for (const part of (text(value) ?? '').split(',')) {
    if (part.trim() === '') continue;
    const [from, to] = part.split('-').map((bound) => Number(bound.trim()));
    if (from === undefined || !Number.isInteger(from)) continue;
    if (to !== undefined && Number.isInteger(to) && to >= from && to - from <= 200) {
      for (let channel = from; channel <= to; channel++) channels.push(channel);
    } else {
      channels.push(from);
    }
  }
  return channels;
}

/** The radios and the networks (SSIDs) on each, with each network's security mode. */
export function wifiSettingsOf(parameters: Map<string, ParameterValue>): WifiRadio[] {
  const radios = tableRows(parameters, 'Device.WiFi.Radio.');
  if (radios.size === 0) return [];
  const securityBySsid = new Map<string, string | null>();
  for (const accessPoint of tableRows(parameters, 'Device.WiFi.AccessPoint.').values()) {
    const ssid = text(accessPoint.get('SSIDReference'))?.replace(/\.$/, '');
    if (ssid) securityBySsid.set(ssid, text(accessPoint.get('Security.ModeEnabled')));
  }
  const networks: WifiNetwork[] = [...tableRows(parameters, 'Device.WiFi.SSID.')].map(
    ([index, ssid]: [string, Row]) => {
      const referenceId = `Device.WiFi.SSID.${index}`;
      return {
        ssid: text(ssid.get('SSID')),
        bssid: normaliseMac(text(ssid.get('BSSID'))),
        ssidEnabled: ssid.has('Enable') ? bool(ssid.get('Enable')) : true,
        security: securityBySsid.get(referenceId) ?? null,
        referenceId,
        parentRadioReferenceId:
          text(ssid.get('LowerLayers'))?.split(',')[0]?.trim().replace(/\.$/, '') ?? null,
      };
    },
  );
  return [...radios]
    .map(([index, radio]): WifiRadio => {
      const referenceId = `Device.WiFi.Radio.${index}`;
      return {
        radioInstance: Number(index),
        referenceId,
        freqBand: bandOf(radio.get('OperatingFrequencyBand')),
        channel: numeric(radio.get('Channel')) ?? 0,
        autoChannel: bool(radio.get('AutoChannelEnable')),
        channelBandwidth: bandwidthOf(
          radio.get('CurrentOperatingChannelBandwidth') ?? radio.get('OperatingChannelBandwidth'),
        ),
        availableChannels: channelList(radio.get('PossibleChannels')),
        standard: text(radio.get('OperatingStandards')),
        wifiNetworks: networks.filter((network) => network.parentRadioReferenceId === referenceId),
      };
    })
    .sort((a, b) => a.radioInstance - b.radioInstance);
}

/** The neighbouring networks of the last WiFi diagnostic, when the report has one. */
export function siteSurveyOf(parameters: Map<string, ParameterValue>): SiteSurveyEntry[] {
  return [...tableRows(parameters, 'Device.WiFi.NeighboringWiFiDiagnostic.Result.').values()].map(
    (result) => ({
      ssid: text(result.get('SSID')),
      bssid: normaliseMac(text(result.get('BSSID'))),
      standard: text(result.get('OperatingStandards')),
      channel: numeric(result.get('Channel')),
      rssi: numeric(result.get('SignalStrength')),
      freqBand: bandOf(result.get('OperatingFrequencyBand')),
      channelBandwidth: bandwidthOf(result.get('OperatingChannelBandwidth')),
      security: text(result.get('SecurityModeEnabled')),
    }),
  );
}

/**
 * The gateway's own location: TR-181's `Location.{i}.DataObject` holds GeoJSON (RFC 7946), a
 * Point of [longitude, latitude]. The first valid one wins.
 */
export function locationOf(parameters: Map<string, ParameterValue>): ReportedLocation | null {
  for (const location of tableRows(parameters, 'Device.DeviceInfo.Location.').values()) {
    try {
      const geometry = JSON.parse(String(location.get('DataObject') ?? '')) as {
        type?: unknown;
        coordinates?: unknown;
      };
      const point =
        geometry.type === 'Feature'
          ? (geometry as { geometry?: typeof geometry }).geometry
          : geometry;
      const [longitude, latitude] = Array.isArray(point?.coordinates)
        ? (point.coordinates as unknown[])
        : [];
      if (
        typeof latitude === 'number' &&
        typeof longitude === 'number' &&
        Math.abs(latitude) <= 90 &&
        Math.abs(longitude) <= 180
      ) {
        return { latitude, longitude, source: 'service' };
      }
    } catch {
      // Not GeoJSON: another entry may be.
    }
  }
  return null;
}
