import { type DailyCurve, dailyCurves } from './catalog';
import type { HostProfile } from './profile';
import { unitHash } from './random';

/**
 * The household's day: what hour it is at home, how busy a kind of host is then, and who is in.
 * Pure functions of time, so they come out the same however often a gateway is asked.
 */

export interface LocalMoment {
  /** Days since 1970-01-01 in local time: the key of that day's plans. */
  dayIndex: number;
  /** Local hour of day, fractional, from 0 to 24. */
  hour: number;
  weekend: boolean;
}

export function localMoment(epochSeconds: number, utcOffsetHours: number): LocalMoment {
  const localSeconds = epochSeconds + utcOffsetHours * 3600;
  const dayIndex = Math.floor(localSeconds / 86_400);
  // 1970-01-01 was a Thursday: day 2 after it is a Saturday.
  const weekday = (((dayIndex + 4) % 7) + 7) % 7;
  return {
    dayIndex,
    hour: (localSeconds - dayIndex * 86_400) / 3600,
    weekend: weekday === 0 || weekday === 6,
  };
}

/** The curve's weight at this moment, interpolated between hour centres. */
export function curveWeight(curve: DailyCurve, moment: LocalMoment): number {
  const hours = moment.weekend ? dailyCurves[curve].weekend : dailyCurves[curve].weekday;
  const position = (moment.hour - 0.5 + 24) % 24;
  const before = Math.floor(position);
  const share = position - before;
  return (hours[before] ?? 0) * (1 - share) + (hours[(before + 1) % 24] ?? 0) * share;
}

/** The curve's mean over a week: what a host averages, for counters that predate the simulation. */
export function meanCurveWeight(curve: DailyCurve): number {
  const { weekday, weekend } = dailyCurves[curve];
  const sum = (hours: number[]): number => hours.reduce((total, weight) => total + weight, 0);
  return (5 * sum(weekday) + 2 * sum(weekend)) / (7 * 24);
}

/** Hours from a local midnight, from and to; `to` may pass 24 into the next day. */
type Window = readonly [from: number, to: number];

/** Windows of one local day when the host is on the network. */
function presenceWindows(host: HostProfile, dayIndex: number, weekend: boolean): Window[] {
  const draw = (label: string): number => unitHash(host.seed, label, dayIndex);
  switch (host.presence) {
    case 'always':
      return [[0, 24]];
    case 'leaves-for-the-day': {
      if (draw('away') >= (weekend ? 0.35 : 0.8)) return [[0, 24]];
      const leaves = weekend ? 10 + 4 * draw('leaves') : 7 + 2 * draw('leaves');
      const returns = weekend ? leaves + 2 + 5 * draw('returns') : 16.5 + 3.5 * draw('returns');
      return [
        [0, leaves],
        [returns, 24],
      ];
    }
    case 'switched-off-at-night': {
      const on = 7 + 2 * draw('on');
      return [[on, 22 + 2.5 * draw('off')]];
    }
    case 'visitor': {
      if (draw('visits') >= (weekend ? 0.35 : 0.12)) return [];
      const arrives = 12 + 8 * draw('arrives');
      return [[arrives, arrives + 1.5 + 4 * draw('stays')]];
    }
  }
}

/** Whether the host is home and switched on; a window may run past midnight into the next day. */
export function isHostPresent(
  host: HostProfile,
  epochSeconds: number,
  utcOffsetHours: number,
): boolean {
  const today = localMoment(epochSeconds, utcOffsetHours);
  const yesterday = localMoment(epochSeconds - 86_400, utcOffsetHours);
  const within = (windows: Window[], hour: number): boolean =>
    windows.some(([from, to]) => hour >= from && hour < to);
  return (
    within(presenceWindows(host, today.dayIndex, today.weekend), today.hour) ||
    within(presenceWindows(host, yesterday.dayIndex, yesterday.weekend), today.hour + 24)
  );
}
