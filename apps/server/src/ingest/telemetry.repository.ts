import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  gatewayMetrics,
  gatewayReboots,
  gatewayReports,
  gatewaySnapshots,
  gatewayState,
  hostMetrics,
  hostState,
  rollupPending,
  type TierSeconds,
} from '../db/schema';

export type GatewayStateRecord = typeof gatewayState.$inferSelect;
export type HostStateRecord = typeof hostState.$inferSelect;
export type GatewayMetricsRow = typeof gatewayMetrics.$inferInsert;
export type HostMetricsRow = typeof hostMetrics.$inferInsert;

/** `SET column = column + excluded.column` for each column given: samples accumulate. */
function accumulate<Key extends string>(columns: Record<Key, AnyPgColumn>): Record<Key, SQL> {
  return Object.fromEntries(
    Object.entries<AnyPgColumn>(columns).map(([key, column]) => [
      key,
      sql`${column} + excluded.${sql.identifier(column.name)}`,
    ]),
  ) as Record<Key, SQL>;
}

const rollupSteps: readonly [TierSeconds, TierSeconds][] = [
  [60, 900],
  [900, 7200],
  [7200, 28800],
];

/** Buckets rebuilt per statement: two parameters each, far under PostgreSQL's 65,535. */
const rollupChunk = 1000;

function rebuildGatewayMetrics(target: SQL, from: TierSeconds, to: TierSeconds): SQL {
  return sql`
    insert into gateway_metrics (line_id, tier, bucket, cpu_sum, cpu_samples, ram_total_kib_sum, ram_free_kib_sum,
                                 ram_samples, temperature_tenths_sum, temperature_samples, uptime_max_seconds)
    select m.line_id, ${to}::integer, t.bucket, sum(m.cpu_sum), sum(m.cpu_samples), sum(m.ram_total_kib_sum),
           sum(m.ram_free_kib_sum), sum(m.ram_samples), sum(m.temperature_tenths_sum), sum(m.temperature_samples),
           max(m.uptime_max_seconds)
      from ${target}
      join gateway_metrics m
        on m.line_id = t.line_id and m.tier = ${from}::integer
       and m.bucket >= t.bucket and m.bucket < t.bucket + make_interval(secs => ${to}::integer)
     group by m.line_id, t.bucket
    on conflict (line_id, tier, bucket) do update set
      cpu_sum = excluded.cpu_sum, cpu_samples = excluded.cpu_samples,
      ram_total_kib_sum = excluded.ram_total_kib_sum, ram_free_kib_sum = excluded.ram_free_kib_sum,
      ram_samples = excluded.ram_samples, temperature_tenths_sum = excluded.temperature_tenths_sum,
      temperature_samples = excluded.temperature_samples, uptime_max_seconds = excluded.uptime_max_seconds`;
}

function rebuildHostMetrics(target: SQL, from: TierSeconds, to: TierSeconds): SQL {
  return sql`
    insert into host_metrics (line_id, tier, bucket, mac, bytes_in, bytes_out, signal_dbm_sum, signal_samples,
                              downlink_kbps_sum, uplink_kbps_sum, rate_samples)
    select m.line_id, ${to}::integer, t.bucket, m.mac, sum(m.bytes_in), sum(m.bytes_out), sum(m.signal_dbm_sum),
           sum(m.signal_samples), sum(m.downlink_kbps_sum), sum(m.uplink_kbps_sum), sum(m.rate_samples)
      from ${target}
      join host_metrics m
        on m.line_id = t.line_id and m.tier = ${from}::integer
       and m.bucket >= t.bucket and m.bucket < t.bucket + make_interval(secs => ${to}::integer)
     group by m.line_id, t.bucket, m.mac
    on conflict (line_id, tier, bucket, mac) do update set
      bytes_in = excluded.bytes_in, bytes_out = excluded.bytes_out,
      signal_dbm_sum = excluded.signal_dbm_sum, signal_samples = excluded.signal_samples,
      downlink_kbps_sum = excluded.downlink_kbps_sum, uplink_kbps_sum = excluded.uplink_kbps_sum,
      rate_samples = excluded.rate_samples`;
}

export class TelemetryRepository {
  constructor(private readonly db: Db) {}

  async gatewayState(lineId: string): Promise<GatewayStateRecord | undefined> {
    const [row] = await this.db.select().from(gatewayState).where(eq(gatewayState.lineId, lineId));
    return row;
  }

  async saveGatewayState(state: GatewayStateRecord): Promise<void> {
    const { lineId: _lineId, ...latest } = state;
    await this.db
      .insert(gatewayState)
      .values(state)
      .onConflictDoUpdate({ target: gatewayState.lineId, set: latest });
  }

  async recordReboot(lineId: string, rebootedAt: Date): Promise<void> {
    await this.db.insert(gatewayReboots).values({ lineId, rebootedAt }).onConflictDoNothing();
  }

  async addGatewayMetrics(row: GatewayMetricsRow): Promise<void> {
    await this.db
      .insert(gatewayMetrics)
      .values(row)
      .onConflictDoUpdate({
        target: [gatewayMetrics.lineId, gatewayMetrics.tier, gatewayMetrics.bucket],
        set: {
          ...accumulate({
            cpuSum: gatewayMetrics.cpuSum,
            cpuSamples: gatewayMetrics.cpuSamples,
            ramTotalKibSum: gatewayMetrics.ramTotalKibSum,
            ramFreeKibSum: gatewayMetrics.ramFreeKibSum,
            ramSamples: gatewayMetrics.ramSamples,
            temperatureTenthsSum: gatewayMetrics.temperatureTenthsSum,
            temperatureSamples: gatewayMetrics.temperatureSamples,
          }),
          uptimeMaxSeconds: sql`greatest(${gatewayMetrics.uptimeMaxSeconds}, excluded.uptime_max_seconds)`,
        },
      });
  }

  async hostStates(lineId: string): Promise<HostStateRecord[]> {
    return this.db.select().from(hostState).where(eq(hostState.lineId, lineId));
  }

  async saveHostStates(states: HostStateRecord[]): Promise<void> {
    if (states.length === 0) return;
    await this.db
      .insert(hostState)
      .values(states)
      .onConflictDoUpdate({
        target: [hostState.lineId, hostState.mac],
        set: {
          hostName: sql`excluded.host_name`,
          connectionType: sql`excluded.connection_type`,
          active: sql`excluded.active`,
          ipv4Addresses: sql`excluded.ipv4_addresses`,
          ipv6Addresses: sql`excluded.ipv6_addresses`,
          wifiBand: sql`excluded.wifi_band`,
          wifiStandard: sql`excluded.wifi_standard`,
          signalDbm: sql`excluded.signal_dbm`,
          downlinkKbps: sql`excluded.downlink_kbps`,
          uplinkKbps: sql`excluded.uplink_kbps`,
          bytesSentCounter: sql`excluded.bytes_sent_counter`,
          bytesReceivedCounter: sql`excluded.bytes_received_counter`,
          countersAt: sql`excluded.counters_at`,
          firstConnectedAt: sql`excluded.first_connected_at`,
          lastOnlineAt: sql`excluded.last_online_at`,
          reportedAt: sql`excluded.reported_at`,
        },
      });
  }

  async addHostMetrics(rows: HostMetricsRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(hostMetrics)
      .values(rows)
      .onConflictDoUpdate({
        target: [hostMetrics.lineId, hostMetrics.tier, hostMetrics.bucket, hostMetrics.mac],
        set: accumulate({
          bytesIn: hostMetrics.bytesIn,
          bytesOut: hostMetrics.bytesOut,
          signalDbmSum: hostMetrics.signalDbmSum,
          signalSamples: hostMetrics.signalSamples,
          downlinkKbpsSum: hostMetrics.downlinkKbpsSum,
          uplinkKbpsSum: hostMetrics.uplinkKbpsSum,
          rateSamples: hostMetrics.rateSamples,
        }),
      });
  }

  /** Keeps the snapshot unless a newer one of the same kind is already there. */
  async saveSnapshot(
    lineId: string,
    kind: string,
    reportedAt: Date,
    payload: unknown,
  ): Promise<void> {
    await this.db
      .insert(gatewaySnapshots)
      .values({ lineId, kind, reportedAt, payload })
      .onConflictDoUpdate({
        target: [gatewaySnapshots.lineId, gatewaySnapshots.kind],
        set: { reportedAt, payload },
        setWhere: sql`${gatewaySnapshots.reportedAt} < excluded.reported_at`,
      });
  }

  async markPending(lineId: string, bucket: Date): Promise<void> {
    await this.db.insert(rollupPending).values({ lineId, bucket }).onConflictDoNothing();
  }

  /**
   * Rebuilds every higher-tier bucket over the 900 s buckets that took new data: 900 s from
   * 60 s, 7200 s from 900 s, 28800 s from 7200 s. A bucket is recomputed whole from the tier
   * below, so late or re-sent data never counts twice. Answers how many 900 s buckets it rolled.
   */
  async rollUp(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const pending = await tx.delete(rollupPending).returning();
      for (const [from, to] of rollupSteps) {
        const targets = new Map<string, { lineId: string; bucket: Date }>();
        for (const { lineId, bucket } of pending) {
          const start = new Date(Math.floor(bucket.getTime() / (to * 1000)) * to * 1000);
          targets.set(`${lineId}/${start.getTime()}`, { lineId, bucket: start });
        }
        const all = [...targets.values()];
        for (let index = 0; index < all.length; index += rollupChunk) {
          const chunk = all.slice(index, index + rollupChunk);
          const target = sql`(values ${sql.join(
            chunk.map(
              ({ lineId, bucket }) => sql`(${lineId}::uuid, ${bucket.toISOString()}::timestamptz)`,
            ),
            sql`, `,
          )}) as t(line_id, bucket)`;
          await tx.execute(rebuildGatewayMetrics(target, from, to));
          await tx.execute(rebuildHostMetrics(target, from, to));
        }
      }
      return pending.length;
    });
  }

  /** Deletes a tier's buckets that started before `cutoff`. */
  async deleteTierBefore(tier: TierSeconds, cutoff: Date): Promise<number> {
    const gateway = await this.db
      .delete(gatewayMetrics)
      .where(and(eq(gatewayMetrics.tier, tier), lt(gatewayMetrics.bucket, cutoff)))
      .returning({ lineId: gatewayMetrics.lineId });
    const hosts = await this.db
      .delete(hostMetrics)
      .where(and(eq(hostMetrics.tier, tier), lt(hostMetrics.bucket, cutoff)))
      .returning({ lineId: hostMetrics.lineId });
    return gateway.length + hosts.length;
  }

  /** Forgets received-report keys older than `cutoff`: a re-send that late is not expected. */
  async deleteReportKeysBefore(cutoff: Date): Promise<void> {
    await this.db.delete(gatewayReports).where(lt(gatewayReports.collectionTime, cutoff));
  }
}
