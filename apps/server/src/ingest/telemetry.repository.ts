import { and, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  gatewayEvents,
  gatewayMetrics,
  gatewayReports,
  gatewaySnapshots,
  gatewayState,
  hostMetrics,
  hostState,
  rollupPending,
  type TierSeconds,
  wanMetrics,
} from '../db/schema';

export type GatewayStateRecord = typeof gatewayState.$inferSelect;
export type HostStateRecord = typeof hostState.$inferSelect;
export type GatewayMetricsRow = typeof gatewayMetrics.$inferInsert;
export type HostMetricsRow = typeof hostMetrics.$inferInsert;
export type WanMetricsRow = typeof wanMetrics.$inferInsert;
export type GatewayEventRow = typeof gatewayEvents.$inferInsert;
export type SnapshotRow = typeof gatewaySnapshots.$inferInsert;

/** What one body of reports changes; see `TelemetryBatch`. */
export interface TelemetryWrites {
  gatewayMetrics: GatewayMetricsRow[];
  hostMetrics: HostMetricsRow[];
  wanMetrics: WanMetricsRow[];
  /** The gateway's new state, or null when the body changed nothing of it. */
  gatewayState: GatewayStateRecord | null;
  hostStates: HostStateRecord[];
  events: GatewayEventRow[];
  snapshots: SnapshotRow[];
  pendingBuckets: Date[];
}

/**
 * A tier table: keyed by line, tier, bucket and `keys`; `sums` add up (sums and sample counts,
 * so an average is exact at every tier) and `maxima` keep the largest value.
 */
interface MetricTable {
  table: PgTable;
  keys: AnyPgColumn[];
  sums: AnyPgColumn[];
  maxima: AnyPgColumn[];
}

const gatewayMetricTable: MetricTable = {
  table: gatewayMetrics,
  keys: [],
  sums: [
    gatewayMetrics.cpuSum,
    gatewayMetrics.cpuSamples,
    gatewayMetrics.ramTotalKibSum,
    gatewayMetrics.ramFreeKibSum,
    gatewayMetrics.ramSamples,
    gatewayMetrics.temperatureTenthsSum,
    gatewayMetrics.temperatureSamples,
  ],
  maxima: [gatewayMetrics.uptimeMaxSeconds],
};
const hostMetricTable: MetricTable = {
  table: hostMetrics,
  keys: [hostMetrics.mac],
  sums: [
    hostMetrics.bytesIn,
    hostMetrics.bytesOut,
    hostMetrics.signalDbmSum,
    hostMetrics.signalSamples,
    hostMetrics.downlinkKbpsSum,
    hostMetrics.uplinkKbpsSum,
    hostMetrics.rateSamples,
  ],
  maxima: [],
};
const wanMetricTable: MetricTable = {
  table: wanMetrics,
  keys: [wanMetrics.series],
  sums: [wanMetrics.valueSum, wanMetrics.samples],
  maxima: [],
};
const metricTables = [gatewayMetricTable, hostMetricTable, wanMetricTable];

const name = (column: AnyPgColumn): SQL => sql`${sql.identifier(column.name)}`;
const list = (parts: SQL[]): SQL => sql.join(parts, sql`, `);

/**
 * `SET sum = sum + excluded.sum, max = greatest(max, excluded.max)`: samples accumulate. Drizzle
 * keys the set by property name.
 */
function accumulateSet({ table, sums, maxima }: MetricTable): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(
    getTableColumns(table) as Record<string, AnyPgColumn>,
  )) {
    if (sums.includes(column)) set[key] = sql`${column} + excluded.${name(column)}`;
    if (maxima.includes(column)) set[key] = sql`greatest(${column}, excluded.${name(column)})`;
  }
  return set;
}

/**
 * Rebuilds tier `to`'s buckets listed in `target` (a `t(line_id, bucket)` relation) whole from
 * tier `from`: late or re-sent data never counts twice.
 */
function rebuild(
  { table, keys, sums, maxima }: MetricTable,
  target: SQL,
  from: TierSeconds,
  to: TierSeconds,
): SQL {
  const keyNames = keys.map(name);
  const valueNames = [...sums, ...maxima].map(name);
  const aggregates = [
    ...sums.map((column) => sql`sum(m.${name(column)})`),
    ...maxima.map((column) => sql`max(m.${name(column)})`),
  ];
  return sql`
    insert into ${table} (line_id, tier, bucket, ${list([...keyNames, ...valueNames])})
    select m.line_id, ${to}::integer, t.bucket, ${list([...keyNames.map((key) => sql`m.${key}`), ...aggregates])}
      from ${target}
      join ${table} m
        on m.line_id = t.line_id and m.tier = ${from}::integer
       and m.bucket >= t.bucket and m.bucket < t.bucket + make_interval(secs => ${to}::integer)
     group by ${list([sql`m.line_id`, sql`t.bucket`, ...keyNames.map((key) => sql`m.${key}`)])}
    on conflict (${list([sql`line_id`, sql`tier`, sql`bucket`, ...keyNames])}) do update set
      ${list(valueNames.map((value) => sql`${value} = excluded.${value}`))}`;
}

const rollupSteps: readonly [TierSeconds, TierSeconds][] = [
  [60, 900],
  [900, 7200],
  [7200, 28800],
];

/** Buckets rebuilt per statement: two parameters each, far under PostgreSQL's 65,535. */
const rollupChunk = 1000;

/** Rows per multi-row insert: a statement stays well under PostgreSQL's 65,535 parameters. */
function chunksOf<T extends object>(rows: T[]): T[][] {
  if (rows.length === 0) return [];
  const perRow = Object.keys(rows[0] ?? {}).length || 1;
  const size = Math.max(1, Math.floor(30_000 / perRow));
  const chunks: T[][] = [];
  for (let index = 0; index < rows.length; index += size) {
    chunks.push(rows.slice(index, index + size));
  }
  return chunks;
}

export class TelemetryRepository {
  constructor(private readonly db: Db) {}

  async gatewayState(lineId: string): Promise<GatewayStateRecord | undefined> {
    const [row] = await this.db.select().from(gatewayState).where(eq(gatewayState.lineId, lineId));
    return row;
  }

  async hostStates(lineId: string): Promise<HostStateRecord[]> {
    return this.db.select().from(hostState).where(eq(hostState.lineId, lineId));
  }

  /** Writes one body's telemetry: a multi-row statement per table. */
  async write(writes: TelemetryWrites): Promise<void> {
    await this.addMetrics(gatewayMetricTable, writes.gatewayMetrics);
    await this.addMetrics(hostMetricTable, writes.hostMetrics);
    await this.addMetrics(wanMetricTable, writes.wanMetrics);
    if (writes.gatewayState) await this.saveGatewayState(writes.gatewayState);
    await this.saveHostStates(writes.hostStates);
    for (const events of chunksOf(writes.events)) {
      await this.db.insert(gatewayEvents).values(events).onConflictDoNothing();
    }
    for (const snapshots of chunksOf(writes.snapshots)) {
      await this.db
        .insert(gatewaySnapshots)
        .values(snapshots)
        .onConflictDoUpdate({
          target: [gatewaySnapshots.lineId, gatewaySnapshots.kind],
          set: { reportedAt: sql`excluded.reported_at`, payload: sql`excluded.payload` },
          setWhere: sql`${gatewaySnapshots.reportedAt} < excluded.reported_at`,
        });
    }
    const lineId = writes.gatewayMetrics[0]?.lineId;
    if (lineId && writes.pendingBuckets.length > 0) {
      await this.db
        .insert(rollupPending)
        .values(writes.pendingBuckets.map((bucket) => ({ lineId, bucket })))
        .onConflictDoNothing();
    }
  }

  private async addMetrics(metric: MetricTable, rows: object[]): Promise<void> {
    const { table, keys } = metric;
    const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
    const [lineIdColumn, tierColumn, bucketColumn] = [columns.lineId, columns.tier, columns.bucket];
    if (!lineIdColumn || !tierColumn || !bucketColumn) throw new Error('not a tier table');
    for (const chunk of chunksOf(rows)) {
      await this.db
        .insert(table)
        .values(chunk)
        .onConflictDoUpdate({
          target: [lineIdColumn, tierColumn, bucketColumn, ...keys],
          set: accumulateSet(metric),
        });
    }
  }

  private async saveGatewayState(state: GatewayStateRecord): Promise<void> {
    const { lineId: _lineId, ...latest } = state;
    await this.db
      .insert(gatewayState)
      .values(state)
      .onConflictDoUpdate({ target: gatewayState.lineId, set: latest });
  }

  private async saveHostStates(states: HostStateRecord[]): Promise<void> {
    const { lineId: _lineId, mac: _mac, ...latest } = getTableColumns(hostState);
    const set = Object.fromEntries(
      Object.entries(latest).map(([key, column]) => [key, sql`excluded.${name(column)}`]),
    );
    for (const chunk of chunksOf(states)) {
      await this.db
        .insert(hostState)
        .values(chunk)
        .onConflictDoUpdate({ target: [hostState.lineId, hostState.mac], set });
    }
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
          const target = sql`(values ${list(
            chunk.map(
              ({ lineId, bucket }) => sql`(${lineId}::uuid, ${bucket.toISOString()}::timestamptz)`,
            ),
          )}) as t(line_id, bucket)`;
          for (const metric of metricTables) await tx.execute(rebuild(metric, target, from, to));
        }
      }
      return pending.length;
    });
  }

  /** Deletes a tier's buckets that started before `cutoff`. */
  async deleteTierBefore(tier: TierSeconds, cutoff: Date): Promise<number> {
    let deleted = 0;
    for (const { table } of metricTables) {
      const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
      const [lineIdColumn, tierColumn, bucketColumn] = [
        columns.lineId,
        columns.tier,
        columns.bucket,
      ];
      if (!lineIdColumn || !tierColumn || !bucketColumn) throw new Error('not a tier table');
      const rows = await this.db
        .delete(table)
        .where(and(eq(tierColumn, tier), lt(bucketColumn, cutoff)))
        .returning({ lineId: lineIdColumn });
      deleted += rows.length;
    }
    return deleted;
  }

  /** Forgets received-report keys older than `cutoff`: a re-send that late is not expected. */
  async deleteReportKeysBefore(cutoff: Date): Promise<void> {
    await this.db.delete(gatewayReports).where(lt(gatewayReports.collectionTime, cutoff));
  }
}
