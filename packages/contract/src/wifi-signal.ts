/**
 * WiFi signal as the portal shows it (seed 001 section 9): a signal in dBm becomes a percent
 * (-35 dBm or stronger is 100, -90 dBm or weaker is 0, linear between), the percent becomes
 * 0 to 4 bars, and a device is on poor WiFi below 2 bars or under 10 Mbps. The server applies
 * these to what it serves; the client only draws what it is given.
 */

const strongestDbm = 35;
const weakestDbm = 90;

/** Signal strength in percent of a signal in dBm (TR-181 reports it negative, e.g. -61). */
export function signalPercent(dbm: number): number {
  const magnitude = Math.abs(dbm);
  if (magnitude <= strongestDbm) return 100;
  if (magnitude >= weakestDbm) return 0;
  return ((weakestDbm - magnitude) / (weakestDbm - strongestDbm)) * 100;
}

/** 4 bars from 75 %, 3 from 50, 2 from 25, else 1; 0 below 1 %. */
export function signalBars(percent: number): number {
  if (percent >= 75) return 4;
  if (percent >= 50) return 3;
  if (percent >= 25) return 2;
  if (percent >= 1) return 1;
  return 0;
}

/** The signal the portal rates: the average of the last two readings (seed 001 section 9). */
export function ratedSignalDbm(readings: readonly (number | null)[]): number | null {
  const lastTwo = readings.filter((reading): reading is number => reading !== null).slice(-2);
  if (lastTwo.length === 0) return null;
  return lastTwo.reduce((sum, reading) => sum + reading, 0) / lastTwo.length;
}

/** Below 2 bars, or a link rate under 10 Mbps, is poor WiFi (the card's alert, the advice). */
export function isPoorWifi(bars: number | null, rateMbps: number | null): boolean {
  return (bars !== null && bars < 2) || (rateMbps !== null && rateMbps < 10);
}

/** The consumer's WiFi signal chart: its bands in percent, and the axis top (seed 001). */
export const consumerSignalBands = [
  { name: 'Poor', from: 0, to: 25 },
  { name: 'Good', from: 25, to: 75 },
  { name: 'Excellent', from: 75, to: 103 },
] as const;
export const consumerSignalAxisMax = 103;

/** Strong WiFi for the device filter: 2 bars or more (seed 001 section 4). */
export const strongWifiBars = 2;
