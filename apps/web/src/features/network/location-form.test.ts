import { describe, expect, it } from 'vitest';
import { checkCoordinates } from './location-form';

describe('checkCoordinates', () => {
  it('should require both latitude and longitude', () => {
    expect(checkCoordinates('', '-94.43')).toEqual({
      ok: false,
      code: 'SUMMARY_GATEWAY_LOCATION_LAT_LONG_REQUIRED',
    });
    expect(checkCoordinates('29.16', '  ')).toEqual({
      ok: false,
      code: 'SUMMARY_GATEWAY_LOCATION_LAT_LONG_REQUIRED',
    });
  });

  it('should refuse what is not an optional minus, digits and decimals', () => {
    for (const [lat, long] of [
      ['29,16', '-94.43'],
      ['+29.16', '-94.43'],
      ['29.', '-94.43'],
      ['1e3', '2'],
      ['29.16', '94.43W'],
    ] as const) {
      expect(checkCoordinates(lat, long)).toEqual({
        ok: false,
        code: 'LOCATION.INVALID_COORDINATES',
      });
    }
  });

  it('should refuse a point off the globe', () => {
    expect(checkCoordinates('90.5', '0').ok).toBe(false);
    expect(checkCoordinates('0', '-180.1').ok).toBe(false);
  });

  it('should round to 5 decimals', () => {
    expect(checkCoordinates('45.5016889123', '-73.567256789')).toEqual({
      ok: true,
      lat: 45.50169,
      long: -73.56726,
    });
    expect(checkCoordinates(' -33 ', '151')).toEqual({ ok: true, lat: -33, long: 151 });
  });
});
