import { broadbandAlertBelow, type FleetMapResponse } from '@linesight/contract';
import type { MapMarker, MarkerTone } from '../../components/map/world-map';

/**
 * The heat map's colour for an overall score (0–5, -1 unavailable): good from 4 (the corrective
 * cards call a WiFi or CPU score of 4 well), poor under the broadband alert threshold (2), fair
 * between.
 */
export function scoreTone(overallScore: number): MarkerTone {
  if (overallScore < 0) return 'unknown';
  if (overallScore < broadbandAlertBelow) return 'poor';
  if (overallScore < 4) return 'fair';
  return 'good';
}

/** The gateways the map draws: all located ones, or with the toggle on only those in alert. */
export function fleetMarkers(
  answer: FleetMapResponse,
  alertsOnly: boolean,
  label: (gateway: FleetMapResponse['gateways'][number]) => string,
): MapMarker[] {
  return answer.gateways
    .filter((gateway) => !alertsOnly || gateway.alert)
    .map((gateway) => ({
      key: gateway.lineOfServiceCode,
      lat: gateway.latitude,
      long: gateway.longitude,
      label: label(gateway),
      tone: scoreTone(gateway.overallScore),
    }));
}
