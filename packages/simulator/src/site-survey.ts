import type { NeighbourProfile } from './profile';
import { unitHash } from './random';

/**
 * What a site survey hears at a moment: each neighbour's network with its signal, which swings
 * slowly (people move routers, doors close, the weather changes) and jitters from scan to scan.
 * A pure function of time, so a scan comes out the same however often the gateway is asked.
 */

export interface NeighbourReading {
  neighbour: NeighbourProfile;
  signalDbm: number;
}

export function siteSurveyAt(
  neighbours: readonly NeighbourProfile[],
  epochSeconds: number,
): NeighbourReading[] {
  return neighbours.map((neighbour) => ({
    neighbour,
    signalDbm: signalAt(neighbour, epochSeconds),
  }));
}

/** A swing of ±4 dB over 6 to 48 hours, and ±1.5 dB of jitter that changes every hour. */
function signalAt({ seed, baseSignalDbm }: NeighbourProfile, epochSeconds: number): number {
  const hours = epochSeconds / 3600;
  const periodHours = 6 + 42 * unitHash(seed, 'period');
  const swing = 4 * Math.sin(2 * Math.PI * (hours / periodHours + unitHash(seed, 'phase')));
  const jitter = 3 * (unitHash(seed, 'jitter', Math.floor(hours)) - 0.5);
  return Math.round(Math.min(-30, Math.max(-95, baseSignalDbm + swing + jitter)));
}
