import { and, asc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  gatewayMetrics,
  hostMetrics,
  type TierSeconds,
  tierSeconds,
  wanMetrics,
} from '../db/schema';

/**
 * Reads the tier tables for charts: each chart span reads only the tier whose spacing it draws
 * (seed 001 section 9: an hour at 60 s, a half-day or day at 900 s, a week at 7200 s, a month
 * at 28800 s), by the primary key's range, averages taken from sums and sample counts.
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

export class SeriesRepository {
  constructor(private readonly db: Db) {}

  /** Every host's traffic and WiFi of a line over the range, by bucket then MAC. */
  async hostSeries(lineId: string, { tier, from, to }: Range): Promise<HostPoint[]> {
    const rows = await this.db
      .select()
      .from(hostMetrics)
      .where(
        and(
          eq(hostMetrics.lineId, lineId),
          eq(hostMetrics.tier, tier),
          gte(hostMetrics.bucket, from),
          lt(hostMetrics.bucket, to),
        ),
      )
      .orderBy(asc(hostMetrics.bucket), asc(hostMetrics.mac));
    return rows.map((row) => ({
      bucket: row.bucket,
      mac: row.mac,
      bytesIn: row.bytesIn,
      bytesOut: row.bytesOut,
      signalDbm: average(row.signalDbmSum, row.signalSamples),
      downlinkKbps: average(row.downlinkKbpsSum, row.rateSamples),
      uplinkKbps: average(row.uplinkKbpsSum, row.rateSamples),
    }));
  }

  /** The gateway's CPU, RAM, temperature and uptime over the range, by bucket. */
  async gatewaySeries(lineId: string, { tier, from, to }: Range): Promise<GatewayPoint[]> {
    const rows = await this.db
      .select()
      .from(gatewayMetrics)
      .where(
        and(
          eq(gatewayMetrics.lineId, lineId),
          eq(gatewayMetrics.tier, tier),
          gte(gatewayMetrics.bucket, from),
          lt(gatewayMetrics.bucket, to),
        ),
      )
      .orderBy(asc(gatewayMetrics.bucket));
    return rows.map((row) => ({
      bucket: row.bucket,
      cpuPercent: average(row.cpuSum, row.cpuSamples),
      ramTotalKib: average(row.ramTotalKibSum, row.ramSamples),
      ramFreeKib: average(row.ramFreeKibSum, row.ramSamples),
      temperatureTenths: average(row.temperatureTenthsSum, row.temperatureSamples),
      uptimeMaxSeconds: row.uptimeMaxSeconds,
    }));
  }

  /** The WAN line's series whose names start with `prefix` (`dsl.`, `docsis.`), by bucket. */
  async wanSeries(lineId: string, prefix: string, { tier, from, to }: Range): Promise<WanPoint[]> {
    const rows = await this.db
      .select()
      .from(wanMetrics)
      .where(
        and(
          eq(wanMetrics.lineId, lineId),
          eq(wanMetrics.tier, tier),
          gte(wanMetrics.bucket, from),
          lt(wanMetrics.bucket, to),
          like(wanMetrics.series, sql`${prefix.replace(/[\\%_]/g, '\\$&')} || '%'`),
        ),
      )
      .orderBy(asc(wanMetrics.bucket), asc(wanMetrics.series));
    return rows.map((row) => ({
      bucket: row.bucket,
      series: row.series,
      value: average(row.valueSum, row.samples),
      total: row.valueSum,
    }));
  }
}
