import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectValue } from '../db/recordset';
import { rollupProgress, type TierSeconds, tierSeconds, wanMetrics } from '../db/schema';
import {
  aggregatesOf,
  gatewayMetricTable,
  hostMetricTable,
  type MetricTable,
  name,
  wanMetricTable,
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

export interface WanPoint {
  bucket: Date;
  series: string;
  value: number | null;
  /** The bucket's sum: what a counter series (G.INP deltas) charts. */
  total: number;
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

  /** The WAN line's series whose names start with `prefix` (`dsl.`, `docsis.`), by bucket. */
  async wanSeries(lineId: string, prefix: string, range: Range): Promise<WanPoint[]> {
    const escaped = prefix.replace(/[\\%_]/g, '\\$&');
    const rows = await this.points(
      wanMetricTable,
      lineId,
      range,
      sql`m.${name(wanMetrics.series)} like ${escaped} || '%'`,
    );
    return rows.map(([ms, series, sum, samples]) => ({
      bucket: new Date(Number(ms)),
      series: String(series),
      value: average(Number(sum), Number(samples)),
      total: Number(sum),
    }));
  }

  /**
   * Each host's bytes over the range, summed in the database from the tiers that cover it (the
   * range's own up to its mark, the finer ones after): a week costs a few hundred rows, never
   * the raw history. Hosts with no row in the range are left out.
   */
  async hostTotals(lineId: string, range: Range): Promise<HostTotal[]> {
    const segments = segmentsOf(range, await this.builtBefore());
    if (segments.length === 0) return [];
    const rows = await selectValue<[string, number, number][]>(
      this.db,
      sql`select json_agg(json_build_array(t.mac, t.bytes_in, t.bytes_out))
            from (select m.mac, sum(m.bytes_in) as bytes_in, sum(m.bytes_out) as bytes_out
                    from ${hostMetricTable.table} m
                   where m.line_id = ${lineId}::uuid and (${sql.join(segments.map(within), sql` or `)})
                   group by m.mac) t`,
    );
    return (rows ?? []).map(([mac, bytesIn, bytesOut]) => ({
      mac,
      bytesIn: Number(bytesIn),
      bytesOut: Number(bytesOut),
    }));
  }

  /** How far each higher tier is built. */
  private async builtBefore(): Promise<Map<number, Date>> {
    const rows = await this.db.select().from(rollupProgress);
    return new Map(rows.map((row) => [row.tier, row.builtBefore]));
  }

  /**
   * The range's buckets as `[epoch ms, ...keys, ...values]`, by bucket then keys. The stretch
   * of the range's own tier is read as it is stored; the stretches below it are summed into
   * the range's buckets. The whole answer is one JSON value built in the database: PGlite hands
   * each value of a row across from WebAssembly on its own, which made a month of 25 hosts
   * (25,000 values) cost 45 ms.
   */
  private async points(
    metric: MetricTable,
    lineId: string,
    range: Range,
    filter?: SQL,
  ): Promise<unknown[][]> {
    const segments = segmentsOf(range, await this.builtBefore());
    if (segments.length === 0) return [];
    const keys = metric.keys.map((key) => sql`m.${name(key)}`);
    const keyNames = metric.keys.map((_key, index) => sql.raw(`k${index}`));
    const values = [...metric.sums, ...metric.maxima].map((column) => sql`m.${name(column)}`);
    const where = (stretches: SQL): SQL =>
      sql`m.line_id = ${lineId}::uuid and ${stretches} ${filter ? sql`and ${filter}` : sql``}`;
    const point = (bucket: SQL, columns: SQL[]): SQL =>
      sql`${bucket} as b, ${sql.join([...keys.map((key, index) => sql`${key} as ${keyNames[index]}`), sql``], sql`, `)}
          json_build_array((extract(epoch from ${bucket}) * 1000)::bigint,
                           ${sql.join([...keys, ...columns], sql`, `)}) as p`;

    const [own, ...below] = segments;
    const parts: SQL[] = [];
    if (own && own.tier === range.tier) {
      parts.push(
        sql`select ${point(sql`m.bucket`, values)} from ${metric.table} m where ${where(within(own))}`,
      );
    } else if (own) {
      below.unshift(own);
    }
    if (below.length > 0) {
      // The tier is one of four numbers, written in the text so that GROUP BY matches the select.
      const bucket = sql`date_bin(interval '${sql.raw(String(range.tier))} seconds', m.bucket, timestamptz 'epoch')`;
      parts.push(sql`select ${point(bucket, aggregatesOf(metric))} from ${metric.table} m
                      where ${where(sql`(${sql.join(below.map(within), sql` or `)})`)}
                      group by ${sql.join([bucket, ...keys], sql`, `)}`);
    }
    const json = await selectValue<unknown[][]>(
      this.db,
      sql`select json_agg(s.p order by ${sql.join([sql`s.b`, ...keyNames.map((key) => sql`s.${key}`)], sql`, `)})
            from (${sql.join(parts, sql` union all `)}) s`,
    );
    return json ?? [];
  }
}
