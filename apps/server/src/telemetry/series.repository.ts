import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { selectValue } from '../db/recordset';
import {
  hostMetrics,
  rollupProgress,
  type TierSeconds,
  tierSeconds,
  wanMetrics,
  type WanSeriesSums,
} from '../db/schema';
import {
  aggregatesOf,
  gatewayMetricTable,
  hostMetricTable,
  type MetricTable,
  name,
} from './telemetry.repository';

/**
 * Reads the tier tables for charts: each chart span reads the tier whose spacing it draws
 * (seed 001 section 9: an hour at 60 s, a half-day or day at 900 s, a week at 7200 s, a month
 * at 28800 s), by the primary key's range, averages taken from sums and sample counts. A higher
 * tier's buckets are built once they close (see `TelemetryRepository.rollUp`), so the part of a
 * span past its tier's `rollup_progress` mark (the bucket still open, at most one or two) is
 * summed from the tiers below into the same buckets: a chart always reaches the latest report.
 */

/** The coarsest tier that still draws `spanSeconds` with the seed's spacing. */
export function tierForSpan(spanSeconds: number): TierSeconds {
  if (spanSeconds <= 3600 * 1.5) return 60;
  if (spanSeconds <= 86_400 * 1.5) return 900;
  if (spanSeconds <= 8 * 86_400) return 7200;
  return tierSeconds[3];
}

export interface Range {
  tier: TierSeconds;
  from: Date;
  to: Date;
}

const average = (sum: number, samples: number): number | null =>
  samples > 0 ? sum / samples : null;

export interface HostPoint {
  bucket: Date;
  mac: string;
  bytesIn: number;
  bytesOut: number;
  signalDbm: number | null;
  downlinkKbps: number | null;
  uplinkKbps: number | null;
}

/**
 * A host's series over a range's buckets, the answer's shape: index i is the bucket `from + i ×
 * tier`, null where the host has no row; the averages as `HostPoint` has them.
 */
export interface HostGrid {
  mac: string;
  bytesIn: (number | null)[];
  bytesOut: (number | null)[];
  signalDbm: (number | null)[];
  downlinkKbps: (number | null)[];
  uplinkKbps: (number | null)[];
}

/** A host's bytes over a range: received by the host (in) and sent by it (out). */
export interface HostTotal {
  mac: string;
  bytesIn: number;
  bytesOut: number;
}

export interface GatewayPoint {
  bucket: Date;
  cpuPercent: number | null;
  ramTotalKib: number | null;
  ramFreeKib: number | null;
  temperatureTenths: number | null;
  uptimeMaxSeconds: number | null;
}

/**
 * A WAN series over a range's buckets, the answer's shape: index i is the bucket `from + i ×
 * tier`, null where the series has no row; `value` the bucket's average (a gauge), `total` its
 * sum (a counter's deltas).
 */
export interface WanGrid {
  series: string;
  value: (number | null)[];
  total: (number | null)[];
}

/** A span's stretch read from one tier. */
interface Segment {
  tier: TierSeconds;
  from: Date;
  to: Date;
}

/** The rows of tier table `m` in a segment: a range of its primary key. */
const within = ({ tier, from, to }: Segment): SQL =>
  sql`(m.tier = ${tier}::integer and m.bucket >= ${from.toISOString()}::timestamptz
       and m.bucket < ${to.toISOString()}::timestamptz)`;

const maxDate = (a: Date, b: Date): Date => (a > b ? a : b);
const minDate = (a: Date, b: Date): Date => (a < b ? a : b);

/**
 * The stretches of `range` and the tier each is read from: the range's tier up to its mark,
 * then each tier below up to its own, then the 60 s tier to the end. Marks are bucket starts
 * of their tier, so every stretch starts and ends on a bucket of the range's tier or finer.
 */
export function segmentsOf(range: Range, builtBefore: ReadonlyMap<number, Date>): Segment[] {
  const tiers = tierSeconds.filter((tier) => tier <= range.tier).reverse();
  const segments: Segment[] = [];
  let from = range.from;
  for (const tier of tiers) {
    const mark = tier === 60 ? range.to : (builtBefore.get(tier) ?? new Date(0));
    const to = minDate(maxDate(mark, from), range.to);
    if (to > from) segments.push({ tier, from, to });
    from = to;
  }
  return segments;
}

export class SeriesRepository {
  constructor(private readonly db: Db) {}

  /** Every host's traffic and WiFi of a line over the range, by bucket then MAC. */
  async hostSeries(lineId: string, range: Range): Promise<HostPoint[]> {
    const rows = await this.points(hostMetricTable, lineId, range);
    return rows.map(([ms, mac, bytesIn, bytesOut, signalSum, signals, down, up, rates]) => ({
      bucket: new Date(Number(ms)),
      mac: String(mac),
      bytesIn: Number(bytesIn),
      bytesOut: Number(bytesOut),
      signalDbm: average(Number(signalSum), Number(signals)),
      downlinkKbps: average(Number(down), Number(rates)),
      uplinkKbps: average(Number(up), Number(rates)),
    }));
  }

  /**
   * Every host's series over the range (which starts on a bucket of its tier), built in the
   * database as the answer is shaped: per host, the buckets' indexes and each series' values in
   * one order, averages taken there. A month of 25 hosts crosses as 11,000 numbers instead of
   * 2,250 rows of nine values, and no JavaScript object is made per bucket.
   */
  async hostGrid(lineId: string, range: Range): Promise<HostGrid[]> {
    const stretches = this.stretches(hostMetricTable, lineId, range, await this.builtBefore());
    if (!stretches) return [];
    const column = (key: keyof typeof hostMetrics.$inferSelect) => sql`s.${name(hostMetrics[key])}`;
    const average = (sum: SQL, samples: SQL) =>
      sql`json_agg(case when ${samples} > 0 then ${sum} / ${samples} end)`;
    const rows = await selectValue<[string, number[], ...(number | null)[][]][]>(
      this.db,
      sql`select json_agg(json_build_array(g.mac, g.x, g.i, g.o, g.s, g.d, g.u))
            from (select ${column('mac')} as mac,
                         json_agg(((extract(epoch from s.b)::bigint - ${range.from.getTime() / 1000}::bigint)
                                   / ${range.tier}::integer)::integer) as x,
                         json_agg(${column('bytesIn')}) as i,
                         json_agg(${column('bytesOut')}) as o,
                         ${average(column('signalDbmSum'), column('signalSamples'))} as s,
                         ${average(column('downlinkKbpsSum'), column('rateSamples'))} as d,
                         ${average(column('uplinkKbpsSum'), column('rateSamples'))} as u
                    from (${stretches}) s
                   group by ${column('mac')}) g`,
    );
    const points = Math.ceil((range.to.getTime() - range.from.getTime()) / (range.tier * 1000));
    return (rows ?? []).map(([mac, indexes, ...values]) => {
      // Each array aggregated the host's rows in the same order, so position j is one bucket.
      const [bytesIn, bytesOut, signalDbm, downlinkKbps, uplinkKbps] = values.map((series) => {
        const dense = Array<number | null>(points).fill(null);
        for (const [j, index] of indexes.entries()) {
          if (index >= 0 && index < points) dense[index] = series[j] ?? null;
        }
        return dense;
      }) as [
        HostGrid['bytesIn'],
        HostGrid['bytesOut'],
        HostGrid['signalDbm'],
        HostGrid['downlinkKbps'],
        HostGrid['uplinkKbps'],
      ];
      return { mac, bytesIn, bytesOut, signalDbm, downlinkKbps, uplinkKbps };
    });
  }

  /** The gateway's CPU, RAM, temperature and uptime over the range, by bucket. */
  async gatewaySeries(lineId: string, range: Range): Promise<GatewayPoint[]> {
    const rows = await this.points(gatewayMetricTable, lineId, range);
    return rows.map(([ms, cpu, cpus, total, free, rams, temperature, temperatures, uptime]) => ({
      bucket: new Date(Number(ms)),
      cpuPercent: average(Number(cpu), Number(cpus)),
      ramTotalKib: average(Number(total), Number(rams)),
      ramFreeKib: average(Number(free), Number(rams)),
      temperatureTenths: average(Number(temperature), Number(temperatures)),
      uptimeMaxSeconds: uptime === null ? null : Number(uptime),
    }));
  }

  /**
   * The WAN line's series whose names start with `prefix` over the range (which starts on a
   * bucket of its tier), shaped as `hostGrid` is. A bucket's series are one row (see
   * `wanMetrics`), so a month of 36 DOCSIS channels is its 90 buckets' rows: the range's own
   * tier up to its mark, then the finer tiers' rows of the open buckets, added up here.
   */
  async wanGrid(lineId: string, prefix: string, range: Range): Promise<WanGrid[]> {
    // One index range scan per stretch, as in `hostTotals`.
    const parts = segmentsOf(range, await this.builtBefore()).map(
      (segment) =>
        sql`select m.bucket, m.series from ${wanMetrics} m
             where m.line_id = ${lineId}::uuid and ${within(segment)}`,
    );
    if (parts.length === 0) return [];
    const rows = await selectValue<[number, WanSeriesSums][]>(
      this.db,
      sql`select json_agg(json_build_array(extract(epoch from u.bucket)::bigint, u.series))
            from (${sql.join(parts, sql` union all `)}) u`,
    );
    const from = range.from.getTime() / 1000;
    const points = Math.ceil((range.to.getTime() - range.from.getTime()) / (range.tier * 1000));
    const grids = new Map<string, { sums: (number | null)[]; samples: number[] }>();
    for (const [epoch, series] of rows ?? []) {
      const index = Math.floor((Number(epoch) - from) / range.tier);
      if (index < 0 || index >= points) continue;
      for (const [name, [sum, samples]] of Object.entries(series)) {
        if (!name.startsWith(prefix)) continue;
        let grid = grids.get(name);
        if (!grid) {
          grid = {
            sums: Array<number | null>(points).fill(null),
            samples: Array<number>(points).fill(0),
          };
          grids.set(name, grid);
        }
        grid.sums[index] = (grid.sums[index] ?? 0) + sum;
        grid.samples[index] = (grid.samples[index] ?? 0) + samples;
      }
    }
    return [...grids.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([series, { sums, samples }]) => ({
        series,
        value: sums.map((sum, index) => (sum === null ? null : average(sum, samples[index] ?? 0))),
        total: sums,
      }));
  }

  /**
   * Each host's bytes over each range, summed in the database from the tiers that cover it (the
   * range's own up to its mark, the finer ones after): a week costs a few hundred rows, never
   * the raw history. One statement for all the ranges; a host with no row in a range is left out
   * of that range's totals.
   */
  async hostTotals(lineId: string, ranges: readonly Range[]): Promise<HostTotal[][]> {
    const builtBefore = await this.builtBefore();
    // One index range scan per stretch: an OR of the stretches is a bitmap scan that rechecks
    // every row against each of them, three times slower on PGlite.
    const parts = ranges.flatMap((range, index) =>
      segmentsOf(range, builtBefore).map(
        (segment) =>
          sql`select ${index}::integer as r, m.mac, m.bytes_in, m.bytes_out
                from ${hostMetricTable.table} m
               where m.line_id = ${lineId}::uuid and ${within(segment)}`,
      ),
    );
    const totals = ranges.map((): HostTotal[] => []);
    if (parts.length === 0) return totals;
    const rows = await selectValue<[number, string, number, number][]>(
      this.db,
      sql`select json_agg(json_build_array(t.r, t.mac, t.bytes_in, t.bytes_out))
            from (select u.r, u.mac, sum(u.bytes_in) as bytes_in, sum(u.bytes_out) as bytes_out
                    from (${sql.join(parts, sql` union all `)}) u
                   group by u.r, u.mac) t`,
    );
    for (const [index, mac, bytesIn, bytesOut] of rows ?? []) {
      totals[index]?.push({ mac, bytesIn: Number(bytesIn), bytesOut: Number(bytesOut) });
    }
    return totals;
  }

  /** How far each higher tier is built. */
  private async builtBefore(): Promise<Map<number, Date>> {
    const rows = await this.db.select().from(rollupProgress);
    return new Map(rows.map((row) => [row.tier, row.builtBefore]));
  }

  /**
   * The range's rows as one relation, the range's own tier read as it is stored and the tiers
   * below it summed into the range's buckets: `b` the bucket, then the keys and every sum and
   * maximum under their column names. Null when the range reads nothing.
   */
  private stretches(
    metric: MetricTable,
    lineId: string,
    range: Range,
    builtBefore: ReadonlyMap<number, Date>,
  ): SQL | null {
    const segments = segmentsOf(range, builtBefore);
    if (segments.length === 0) return null;
    const keys = metric.keys.map((key) => sql`m.${name(key)}`);
    const valueColumns = [...metric.sums, ...metric.maxima];
    const values = valueColumns.map((column) => sql`m.${name(column)}`);
    const aggregates = aggregatesOf(metric).map(
      (aggregate, index) => sql`${aggregate} as ${name(valueColumns[index] as AnyPgColumn)}`,
    );
    const where = (stretches: SQL): SQL => sql`m.line_id = ${lineId}::uuid and ${stretches}`;

    const [own, ...below] = segments;
    const parts: SQL[] = [];
    if (own && own.tier === range.tier) {
      parts.push(
        sql`select m.bucket as b, ${sql.join([...keys, ...values], sql`, `)}
              from ${metric.table} m where ${where(within(own))}`,
      );
    } else if (own) {
      below.unshift(own);
    }
    if (below.length > 0) {
      // The tier is one of four numbers, written in the text so that GROUP BY matches the select.
      const bucket = sql`date_bin(interval '${sql.raw(String(range.tier))} seconds', m.bucket, timestamptz 'epoch')`;
      parts.push(sql`select ${bucket} as b, ${sql.join([...keys, ...aggregates], sql`, `)}
                       from ${metric.table} m
                      where ${where(sql`(${sql.join(below.map(within), sql` or `)})`)}
                      group by ${sql.join([bucket, ...keys], sql`, `)}`);
    }
    return sql.join(parts, sql` union all `);
  }

  /**
   * The range's buckets as `[epoch ms, ...keys, ...values]`, by bucket then keys. The whole
   * answer is one JSON value built in the database: PGlite hands each value of a row across
   * from WebAssembly on its own, which made a month of 25 hosts (25,000 values) cost 45 ms.
   */
  private async points(metric: MetricTable, lineId: string, range: Range): Promise<unknown[][]> {
    const stretches = this.stretches(metric, lineId, range, await this.builtBefore());
    if (!stretches) return [];
    const keys = metric.keys.map((key) => sql`s.${name(key)}`);
    const values = [...metric.sums, ...metric.maxima].map((column) => sql`s.${name(column)}`);
    const json = await selectValue<unknown[][]>(
      this.db,
      sql`select json_agg(json_build_array((extract(epoch from s.b) * 1000)::bigint,
                                           ${sql.join([...keys, ...values], sql`, `)})
                          order by ${sql.join([sql`s.b`, ...keys], sql`, `)})
            from (${stretches}) s`,
    );
    return json ?? [];
  }
}
