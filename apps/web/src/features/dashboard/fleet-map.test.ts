import { describe, expect, it } from 'vitest';
import { fleetMarkers, scoreTone } from './fleet-map';

describe('scoreTone', () => {
  it('should colour a score good from 4, poor under 2, fair between, unknown at -1', () => {
    expect([5, 4, 3.9, 2, 1.9, 0, -1].map(scoreTone)).toEqual([
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
      'unknown',
    ]);
  });
});

describe('fleetMarkers', () => {
  const gateway = (code: string, overallScore: number, alert: boolean) => ({
    lineOfServiceCode: code,
    latitude: 48.1,
    longitude: 11.5,
    overallScore,
    alert,
  });
  const answer = { gateways: [gateway('A', 4.5, false), gateway('B', 1.2, true)] };

  it('should draw every located gateway, or only those in alert with the toggle on', () => {
    const label = (line: { lineOfServiceCode: string }) => line.lineOfServiceCode;
    expect(fleetMarkers(answer, false, label).map((marker) => marker.key)).toEqual(['A', 'B']);
    expect(fleetMarkers(answer, true, label)).toEqual([
      { key: 'B', lat: 48.1, long: 11.5, label: 'B', tone: 'poor' },
    ]);
  });
});
