import { getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { recordset, selectRecordsIn, selectValue } from '../db/recordset';
import {
  nextTurn,
  type StatementSizes,
  statementChunks,
  statementSizes,
  TimeSlice,
} from '../db/event-loop';
import { deleteQoeBefore, fleetFigures, fleetMapAnswer, scoreBatch } from './qoe-scoring';
import { type HostStateRecord, type LanHost, lanHostsOf } from './lan-hosts';
import {
  gatewayEvents,
  gatewayMetrics,
  gatewayReports,
  gatewaySnapshots,
  gatewayState,
  hostMetrics,
  hostState,
  rollupPending,
  rollupProgress,
  type TierSeconds,
  tierTables,
  wanMetrics,
} from '../db/schema';

export type GatewayStateRecord = typeof gatewayState.$inferSelect;
export type GatewayMetricsRow = typeof gatewayMetrics.$inferInsert;
export type HostMetricsRow = typeof hostMetrics.$inferInsert;
export type WanMetricsRow = typeof wanMetrics.$inferInsert;
export type GatewayEventRow = typeof gatewayEvents.$inferInsert;
export type SnapshotRow = typeof gatewaySnapshots.$inferInsert;
export type PendingBucketRow = typeof rollupPending.$inferInsert;

/** What bodies of reports change; see `TelemetryBatch`. Several lines' writes concatenate. */
export interface TelemetryWrites {
  gatewayMetrics: GatewayMetricsRow[];
  hostMetrics: HostMetricsRow[];
  wanMetrics: WanMetricsRow[];
  /** The gateways' new states: only those a body changed. */
  gatewayStates: GatewayStateRecord[];
  hostStates: HostStateRecord[];
  events: GatewayEventRow[];
  snapshots: SnapshotRow[];
  /** 900 s buckets that took 60 s data, for the rollup. */
  pendingBuckets: PendingBucketRow[];
}

export function emptyWrites(): TelemetryWrites {
  return {
    gatewayMetrics: [],
    hostMetrics: [],
    wanMetrics: [],
    gatewayStates: [],
    hostStates: [],
    events: [],
    snapshots: [],
    pendingBuckets: [],
  };
}

/** Appends `more` to `writes`, so that one statement per table writes both. */
export function appendWrites(writes: TelemetryWrites, more: TelemetryWrites): void {
  for (const key of Object.keys(writes) as (keyof TelemetryWrites)[]) {
    const rows = writes[key] as unknown[];
    // Not push(...more): a report listing 150,000 hosts would overflow the stack.
    for (const row of more[key]) rows.push(row);
  }
}

/**
 * A tier table: keyed by line, tier, bucket and `keys`; `sums` add up (sums and sample counts,
 * so an average is exact at every tier) and `maxima` keep the largest value.
 */
export interface MetricTable {
  table: PgTable;
  keys: AnyPgColumn[];
  sums: AnyPgColumn[];
  maxima: AnyPgColumn[];
}

export const gatewayMetricTable: MetricTable = {
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
export const hostMetricTable: MetricTable = {
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
const metricTables = [gatewayMetricTable, hostMetricTable];

/** A column's name as an SQL identifier, for statements built over several tier tables. */
export const name = (column: AnyPgColumn): SQL => sql`${sql.identifier(column.name)}`;
const list = (parts: SQL[]): SQL => sql.join(parts, sql`, `);

/** The aggregate of each value column over the rows `m`: sums add up, maxima keep the largest. */
export function aggregatesOf({ sums, maxima }: MetricTable): SQL[] {
  return [
    ...sums.map((column) => sql`sum(m.${name(column)})`),
    ...maxima.map((column) => sql`max(m.${name(column)})`),
  ];
}

/**
 * `insert … select * from <rows> on conflict (key) do update set sum = sum + excluded.sum,
 * max = greatest(max, excluded.max)`: samples accumulate into their buckets.
 */
function accumulateInto(metric: MetricTable, rows: object[]): SQL {
  const { table, keys, sums, maxima } = metric;
  const set = [
    ...sums.map(
      (column) => sql`${name(column)} = ${table}.${name(column)} + excluded.${name(column)}`,
    ),
    ...maxima.map(
      (column) =>
        sql`${name(column)} = greatest(${table}.${name(column)}, excluded.${name(column)})`,
    ),
  ];
  return sql`insert into ${table} select * from ${recordset(table, rows)}
    on conflict (${list([sql`line_id`, sql`tier`, sql`bucket`, ...keys.map(name)])})
    do update set ${list(set)}`;
}

/** `insert … select * from <rows> on conflict (key) do update set` every other column. */
function replaceInto(table: PgTable, keys: AnyPgColumn[], rows: object[], where?: SQL): SQL {
  const keyNames = new Set(keys.map((key) => key.name));
  const set = Object.values(getTableColumns(table) as Record<string, AnyPgColumn>)
    .filter((column) => !keyNames.has(column.name))
    .map((column) => sql`${name(column)} = excluded.${name(column)}`);
  return sql`insert into ${table} select * from ${recordset(table, rows)}
    on conflict (${list(keys.map(name))}) do update set ${list(set)}
    ${where ? sql`where ${where}` : sql``}`;
}

/**
 * Rebuilds tier `to`'s buckets listed in `target` (a `t(line_id, bucket)` relation) whole from
 * tier `from`: late or re-sent data never counts twice.
 */
function rebuild(metric: MetricTable, target: SQL, from: TierSeconds, to: TierSeconds): SQL {
  const { table, keys, sums, maxima } = metric;
  const keyNames = keys.map(name);
  const valueNames = [...sums, ...maxima].map(name);
  return sql`
    insert into ${table} (line_id, tier, bucket, ${list([...keyNames, ...valueNames])})
    select m.line_id, ${to}::integer, t.bucket, ${list([...keyNames.map((key) => sql`m.${key}`), ...aggregatesOf(metric)])}
      from ${target}
      join ${table} m
        on m.line_id = t.line_id and m.tier = ${from}::integer
       and m.bucket >= t.bucket and m.bucket < t.bucket + make_interval(secs => ${to}::integer)
     group by ${list([sql`m.line_id`, sql`t.bucket`, ...keyNames.map((key) => sql`m.${key}`)])}
    on conflict (${list([sql`line_id`, sql`tier`, sql`bucket`, ...keyNames])}) do update set
      ${list(valueNames.map((value) => sql`${value} = excluded.${value}`))}`;
}

/**
 * Each series' `[sum, samples]` in the rows `m` of `rows` (`wan_metrics` rows, or any relation
 * with a `series` column of that shape) added up by series name into one `series` object per
 * `groupBy` value (its keys the output's column names, its values their expressions), or one
 * in all without `groupBy`: what adding up a sum column is for the other tier tables.
 */
function wanSeriesAdded(rows: SQL, groupBy: Record<string, SQL> = {}): SQL {
  const keys = Object.entries(groupBy);
  const selected = keys.map(([alias, value]) => sql`${value} as ${sql.identifier(alias)}, `);
  const grouped = keys.map(([, value]) => sql`${value}, `);
  const outer = keys.map(([alias]) => sql`w.${sql.identifier(alias)}`);
  return sql`
    select ${sql.join(outer.map((key) => sql`${key}, `))}
           jsonb_object_agg(w.key, jsonb_build_array(w.sum, w.samples)) as series
      from (select ${sql.join(selected)} e.key, sum((e.value->>0)::double precision) as sum,
                   sum((e.value->>1)::integer) as samples
              from ${rows} cross join jsonb_each(m.series) e
             group by ${sql.join(grouped)} e.key) w
     ${outer.length > 0 ? sql`group by ${list(outer)}` : sql``}`;
}

/** Adds rows' WAN series into their buckets: a series new to a bucket joins those already there. */
function accumulateWanSeries(rows: object[]): SQL {
  const both = sql`(select ${wanMetrics}.series union all select excluded.series) m`;
  return sql`insert into ${wanMetrics} select * from ${recordset(wanMetrics, rows)}
    on conflict (line_id, tier, bucket)
    do update set series = (select a.series from (${wanSeriesAdded(both)}) a)`;
}

/** As `rebuild`, for `wan_metrics`: each series added up over the buckets of tier `from`. */
function rebuildWan(target: SQL, from: TierSeconds, to: TierSeconds): SQL {
  const rows = sql`${target}
      join ${wanMetrics} m
        on m.line_id = t.line_id and m.tier = ${from}::integer
       and m.bucket >= t.bucket and m.bucket < t.bucket + make_interval(secs => ${to}::integer)`;
  return sql`
    insert into ${wanMetrics} (line_id, tier, bucket, series)
    select r.line_id, ${to}::integer, r.bucket, r.series
      from (${wanSeriesAdded(rows, { line_id: sql`m.line_id`, bucket: sql`t.bucket` })}) r
    on conflict (line_id, tier, bucket) do update set series = excluded.series`;
}

/** Each built tier and the tier it is built from. */
const tierSources: readonly [TierSeconds, TierSeconds][] = [
  [900, 60],
  [7200, 900],
  [28800, 7200],
];

/** The tier built from `tier`, if any. */
const tierBuiltFrom = (tier: TierSeconds): TierSeconds | undefined =>
  tierSources.find(([, source]) => source === tier)?.[0];

/** Pending buckets a rollup transaction takes: short enough that reports never wait long. */
const rollupBatch = 500;

/**
 * A bucket is built once it has been over this long, so that reports a little late are in its
 * first build; a report later still makes it pending again.
 */
const rollupGraceSeconds = 60;

/** The start of the first `tier` bucket that is not yet closed at `now`. */
export function closedBefore(tier: TierSeconds, now: Date): Date {
  const ms = tier * 1000;
  return new Date(Math.floor((now.getTime() - rollupGraceSeconds * 1000) / ms) * ms);
}

export interface RollupResult {
  /** Buckets built, per tier. */
  built: Record<number, number>;
}

export class TelemetryRepository {
  constructor(
    private readonly db: Db,
    private readonly sizes: StatementSizes = statementSizes.postgres,
  ) {}

  /** The latest state of each of these gateways that has reported. */
  gatewayStates(lineIds: string[]): Promise<GatewayStateRecord[]> {
    return selectRecordsIn(this.db, gatewayState, gatewayState.lineId, lineIds, 'uuid');
  }

  /** Every LAN host these gateways have reported. */
  hostStates(lineIds: string[]): Promise<HostStateRecord[]> {
    return selectRecordsIn(this.db, hostState, hostState.lineId, lineIds, 'uuid');
  }

  /** A line's LAN hosts, each with its latest reading, by MAC. */
  async lanHosts(lineId: string): Promise<LanHost[]> {
    const [state] = await this.gatewayStates([lineId]);
    const rows = await this.hostStates([lineId]);
    rows.sort((a, b) => a.mac.localeCompare(b.mac));
    return lanHostsOf(rows, state?.hostReadings ?? {});
  }

  /**
   * Writes bodies' telemetry: one statement per table whatever the number of lines, its rows
   * bound as one value (see db/recordset.ts); many rows in several statements, the event loop
   * given back between them (see `statementSizes`).
   */
  async write(writes: TelemetryWrites): Promise<void> {
    const statements: [rows: object[], statementFor: (rows: object[]) => SQL][] = [
      [writes.gatewayMetrics, (rows) => accumulateInto(gatewayMetricTable, rows)],
      [writes.hostMetrics, (rows) => accumulateInto(hostMetricTable, rows)],
      [writes.wanMetrics, accumulateWanSeries],
      [writes.gatewayStates, (rows) => replaceInto(gatewayState, [gatewayState.lineId], rows)],
      [
        writes.hostStates,
        (rows) => replaceInto(hostState, [hostState.lineId, hostState.mac], rows),
      ],
      [
        writes.events,
        (rows) => sql`insert into ${gatewayEvents} select * from ${recordset(gatewayEvents, rows)}
            on conflict do nothing`,
      ],
      [
        writes.snapshots,
        (rows) =>
          replaceInto(
            gatewaySnapshots,
            [gatewaySnapshots.lineId, gatewaySnapshots.kind],
            rows,
            sql`${gatewaySnapshots}.reported_at < excluded.reported_at`,
          ),
      ],
      [
        writes.pendingBuckets,
        (rows) => sql`insert into ${rollupPending} select * from ${recordset(rollupPending, rows)}
            on conflict do nothing`,
      ],
    ];
    const slice = new TimeSlice();
    for (const [rows, statementFor] of statements) {
      for (const chunk of statementChunks(rows, this.sizes.rows)) {
        await this.db.execute(statementFor(chunk));
        await slice.yieldIfDue();
      }
    }
  }

  /**
   * Builds the higher tiers' buckets that have closed and took new data: 900 s from 60 s, then
   * 7200 s from 900 s, then 28800 s from 7200 s, each bucket once it is over (and again when a
   * late report lands in it), recomputed whole from the tier below so late or re-sent data never
   * counts twice. It works in short transactions of `rollupBatch` buckets, taking them with
   * `skip locked`, so reports are never held up for long and several processes can run it.
   * Then it moves each tier's `rollup_progress` mark: the chart reads take what lies past it
   * (the open buckets) from the tiers below.
   */
  async rollUp(now: Date): Promise<RollupResult> {
    const built: Record<number, number> = {};
    // The 900 s buckets this run scored, whose fleet figures are added up again at the end.
    const scoredBuckets = new Set<string>();
    for (const [tier, source] of tierSources) {
      const before = closedBefore(tier, now);
      built[tier] = 0;
      for (;;) {
        const count = await this.db.transaction(async (tx) => {
          const taken = await selectValue<{ line_id: string; bucket: string }[]>(
            tx,
            sql`with taken as (
                  delete from ${rollupPending} where (tier, bucket, line_id) in (
                    select tier, bucket, line_id from ${rollupPending}
                     where tier = ${tier}::integer and bucket < ${before.toISOString()}::timestamptz
                     limit ${rollupBatch} for update skip locked)
                  returning line_id, bucket)
                select json_agg(taken) from taken`,
          );
          if (!taken || taken.length === 0) return 0;
          const targetJson = JSON.stringify(taken);
          const target = sql`json_to_recordset(${targetJson}::json) as t(line_id uuid, bucket timestamptz)`;
          for (const metric of metricTables) {
            await tx.execute(rebuild(metric, target, source, tier));
          }
          await tx.execute(rebuildWan(target, source, tier));
          if (tier === 900) {
            // The QoE job scores the buckets as they are built (telemetry/qoe-scoring.ts).
            await scoreBatch(tx, target);
            for (const { bucket } of taken) scoredBuckets.add(bucket);
          }
          const next = tierBuiltFrom(tier);
          if (next) {
            await tx.execute(
              sql`insert into ${rollupPending} (line_id, tier, bucket)
                  select distinct t.line_id, ${next}::integer,
                         date_bin(make_interval(secs => ${next}::integer), t.bucket, timestamptz 'epoch')
                    from ${target}
                  on conflict do nothing`,
            );
          }
          return taken.length;
        });
        built[tier] += count;
        if (count < rollupBatch) break;
        // PGlite answers through promises alone, so batch after batch would never let the event
        // loop read a request: reports and the portal would wait for the whole rollup.
        await nextTurn();
      }
      await this.db
        .insert(rollupProgress)
        .values({ tier, builtBefore: before })
        .onConflictDoUpdate({
          target: rollupProgress.tier,
          set: { builtBefore: sql`greatest(${rollupProgress.builtBefore}, excluded.built_before)` },
        });
      if (tier === 900 && scoredBuckets.size > 0) {
        await this.db.execute(fleetFigures([...scoredBuckets].map((at) => new Date(at))));
        await this.db.execute(fleetMapAnswer(now));
      }
    }
    return { built };
  }

  /**
   * Deletes a tier's buckets that started before `cutoff`, but for those a higher tier has yet
   * to be built from (its bucket is pending): a backfill sends history older than the 60 s
   * tier keeps, and the rollup must see it before retention takes it.
   */
  async deleteTierBefore(tier: TierSeconds, cutoff: Date): Promise<number> {
    const builtFromThis = tierBuiltFrom(tier);
    const stillNeeded = builtFromThis
      ? sql`and not exists (
              select 1 from ${rollupPending} p
               where p.tier = ${builtFromThis}::integer and p.line_id = m.line_id
                 and p.bucket = date_bin(interval '${sql.raw(String(builtFromThis))} seconds',
                                         m.bucket, timestamptz 'epoch'))`
      : sql``;
    let deleted = 0;
    for (const table of tierTables) {
      const count = await selectValue<number>(
        this.db,
        sql`with deleted as (
              delete from ${table} m
               where m.tier = ${tier}::integer and m.bucket < ${cutoff.toISOString()}::timestamptz
                     ${stillNeeded}
              returning 1)
            select count(*)::integer from deleted`,
      );
      deleted += count ?? 0;
    }
    return deleted;
  }

  /** Deletes QoE intervals and fleet figures before `intervalCutoff`, days before `dayCutoff`. */
  deleteQoeBefore(intervalCutoff: Date, dayCutoff: Date): Promise<void> {
    return deleteQoeBefore(this.db, intervalCutoff, dayCutoff);
  }

  /** Forgets received-report keys older than `cutoff`: a re-send that late is not expected. */
  async deleteReportKeysBefore(cutoff: Date): Promise<void> {
    await this.db.delete(gatewayReports).where(lt(gatewayReports.collectionTime, cutoff));
  }
}
