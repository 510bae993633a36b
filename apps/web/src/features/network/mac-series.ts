import { type MacCounters, type MacSeries, signalPercent } from '@linesight/contract';
import { deviceColour } from '../../components/charts/chart-colours';
import type { ChartSeries, Direction } from '../../components/charts/chart-types';

/** A span of the maccounter answers: a timespan, or the zoomed range. */
export type MacSpan = keyof MacCounters['bm'];

export interface DeviceChart {
  x: number[];
  series: ChartSeries[];
}

/**
 * Puts each device's series of one span on one time axis (the union of their points), a series
 * per device, coloured by the device's place in the answer so the 25 colours cycle. `value`
 * turns a device's point into what is drawn; devices with nothing to draw are left out.
 */
export function deviceChart(
  hosts: readonly MacCounters[],
  span: MacSpan,
  unit: string,
  value: (series: MacSeries, index: number) => number | null,
): DeviceChart {
  const times = new Set<number>();
  for (const host of hosts) {
    const series = host.bm[span];
    if (!series) continue;
    for (let index = 0; index < series.inBytes.length; index++)
      times.add(series.startTime + index * series.intervalSeconds * 1000);
  }
  const x = [...times].sort((a, b) => a - b);
  const position = new Map(x.map((time, index) => [time, index]));
  const names = distinctNames(hosts);
  const lines: ChartSeries[] = [];
  hosts.forEach((host, hostIndex) => {
    const series = host.bm[span];
    if (!series) return;
    const values: (number | null)[] = new Array<number | null>(x.length).fill(null);
    let drawn = false;
    for (let index = 0; index < series.inBytes.length; index++) {
      const point = value(series, index);
      const at = position.get(series.startTime + index * series.intervalSeconds * 1000);
      if (point === null || at === undefined) continue;
      values[at] = point;
      drawn = true;
    }
    if (drawn)
      lines.push({
        key: host.macAddress,
        name: names.get(host.macAddress) ?? host.host,
        colour: deviceColour(hostIndex),
        unit,
        values,
      });
  });
  return { x, series: lines };
}

/**
 * Each device's name, with the end of its MAC when another device of the line has the same one:
 * a household often has two "Galaxy-Tab-S8", and a legend or table cannot tell them apart
 * otherwise.
 */
export function distinctNames(hosts: readonly MacCounters[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const host of hosts) count.set(host.host, (count.get(host.host) ?? 0) + 1);
  return new Map(
    hosts.map((host) => [
      host.macAddress,
      (count.get(host.host) ?? 0) > 1 ? `${host.host} · ${host.macAddress.slice(-5)}` : host.host,
    ]),
  );
}

/**
 * Bytes per interval drawn as a rate in Mbps: bytes × 8 / interval seconds / 1000² (the seed's
 * factor of 1000), so spans with different spacing compare. In (to the device) is downstream.
 */
export function bandwidthMbps(
  series: MacSeries,
  index: number,
  direction: Direction,
): number | null {
  const bytes = (direction === 'downstream' ? series.inBytes : series.outBytes)[index];
  if (bytes === null || bytes === undefined) return null;
  return (bytes * 8) / series.intervalSeconds / 1e6;
}

/** A WiFi link rate in Mbps from the kbps served: tx (gateway to device) is downstream. */
export function linkRateMbps(
  series: MacSeries,
  index: number,
  direction: Direction,
): number | null {
  const kbps = (direction === 'downstream' ? series.txRate : series.rxRate)[index];
  return kbps === null || kbps === undefined ? null : kbps / 1000;
}

/** The signal in percent of the dBm served (`signalPercent`, seed 001 section 9). */
export function signalStrengthPercent(series: MacSeries, index: number): number | null {
  const dbm = series.rssi[index];
  return dbm === null || dbm === undefined ? null : signalPercent(dbm);
}

export interface DeviceConsumption {
  macAddress: string;
  name: string;
  downloadedBytes: number;
  uploadedBytes: number;
}

/** Each device's bytes over a span (the consumer's week), most first. */
export function consumptionOf(hosts: readonly MacCounters[], span: MacSpan): DeviceConsumption[] {
  const sum = (values: readonly (number | null)[]): number =>
    values.reduce<number>((total, value) => total + (value ?? 0), 0);
  const names = distinctNames(hosts);
  return hosts
    .flatMap((host) => {
      const series = host.bm[span];
      if (!series) return [];
      return [
        {
          macAddress: host.macAddress,
          name: names.get(host.macAddress) ?? host.host,
          downloadedBytes: sum(series.inBytes),
          uploadedBytes: sum(series.outBytes),
        },
      ];
    })
    .sort((a, b) => b.downloadedBytes + b.uploadedBytes - (a.downloadedBytes + a.uploadedBytes));
}
