import { coordinateDecimals, coordinatePattern } from '@linesight/contract';

export type CoordinatesCheck =
  | { ok: true; lat: number; long: number }
  | {
      ok: false;
      code: 'SUMMARY_GATEWAY_LOCATION_LAT_LONG_REQUIRED' | 'LOCATION.INVALID_COORDINATES';
    };

const scale = 10 ** coordinateDecimals;

function rounded(text: string): number {
  return Math.round(Number(text) * scale) / scale;
}

/**
 * A user's latitude and longitude as typed (seed 001 section 5): both required, each an optional
 * minus, digits and optional decimals, within the globe, rounded to 5 decimals.
 */
export function checkCoordinates(latText: string, longText: string): CoordinatesCheck {
  const latTrimmed = latText.trim();
  const longTrimmed = longText.trim();
  if (latTrimmed === '' || longTrimmed === '') {
    return { ok: false, code: 'SUMMARY_GATEWAY_LOCATION_LAT_LONG_REQUIRED' };
  }
  if (!coordinatePattern.test(latTrimmed) || !coordinatePattern.test(longTrimmed)) {
    return { ok: false, code: 'LOCATION.INVALID_COORDINATES' };
  }
  const lat = rounded(latTrimmed);
  const long = rounded(longTrimmed);
  if (Math.abs(lat) > 90 || Math.abs(long) > 180) {
    return { ok: false, code: 'LOCATION.INVALID_COORDINATES' };
  }
  return { ok: true, lat, long };
}
