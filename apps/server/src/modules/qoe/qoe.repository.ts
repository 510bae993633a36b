import { type QoeReportColumn, type QoeScores } from '@linesight/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectValue } from '../../db/recordset';
import {
  fleetMap,
  fleetMetrics,
  gatewayState,
  linesOfService,
  qoeDailyScores,
  qoeIntervalScores,
  qoeLineReports,
  subscribers,
} from '../../db/schema';

export type IntervalScoreRecord = typeof qoeIntervalScores.$inferSelect;
export type DailyScoreRecord = typeof qoeDailyScores.$inferSelect;
export type FleetMetricsRecord = typeof fleetMetrics.$inferSelect;
/** A figure `fleet_metrics` keeps per bucket. */
export type FleetFigure = Exclude<keyof FleetMetricsRecord, 'bucket'>;

/** A bound of the report: `column` between `min` and `max`, only where reported. */
export interface ReportBound {
  column: keyof QoeScores;
  min: number | undefined;
  max: number | undefined;
}

export interface ReportPage {
  lineOfServiceCode?: string;
  bounds: ReportBound[];
  sort: QoeReportColumn;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface ReportRow extends QoeScores {
  lineOfServiceCode: string;
  subscriberName: string;
  subscriberCode: string;
  deviceType: string | null;
  deviceIdentifier: string | null;
}

export interface UptimeRecord {
  lineOfServiceCode: string;
  subscriberName: string;
  deviceType: string | null;
  weightedAvgUptimeSeconds: number | null;
  reboots: number;
  state: typeof gatewayState.$inferSelect | null;
}

/** The report's columns as SQL, on `r` (report rows), `l` (lines) and `s` (subscribers). */
const reportColumns: Record<QoeReportColumn, SQL> = {
  subscriberName: sql`coalesce(s.name, '')`,
  lineOfServiceCode: sql`l.line_of_service_code`,
  deviceType: sql`l.device_type`,
  deviceIdentifier: sql`l.device_identifier`,
  overallScore: sql`r.overall_score`,
  cpuPercentScore: sql`r.cpu_percent_score`,
  freeRamScore: sql`r.free_ram_score`,
  wifiScore: sql`r.wifi_score`,
  physicalStatusScore: sql`r.physical_status_score`,
  avgMaxUptimeScore: sql`r.avg_max_uptime_score`,
  usedCpuPercent: sql`r.used_cpu_percent`,
  usedRamPercent: sql`r.used_ram_percent`,
  lanHostCount: sql`r.lan_host_count`,
};

const scoreColumns = new Set<keyof QoeScores>([
  'overallScore',
  'cpuPercentScore',
  'freeRamScore',
  'wifiScore',
  'physicalStatusScore',
  'avgMaxUptimeScore',
]);

/** The rows a statement answers; pg and PGlite both answer `{ rows }`. */
async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const answer: unknown = await db.execute(query);
  return (answer as { rows: Row[] }).rows;
}

/**
 * The reads of the QoE job's rows (telemetry/qoe-scoring.ts): a line's by its key, the report
 * rows through their indexes, the fleet's figures by bucket. None reads the tier tables.
 */
export class QoeRepository {
  constructor(private readonly db: Db) {}

  /** The newest bucket the job has fleet figures for: the report's window ends with it. */
  async newestBucket(): Promise<Date | null> {
    const [row] = await this.db
      .select({ bucket: sql<string | null>`max(${fleetMetrics.bucket})` })
      .from(fleetMetrics);
    return row?.bucket ? new Date(row.bucket) : null;
  }

  /** One page of the QoE report and how many rows match over all pages. */
  async reportPage(page: ReportPage): Promise<{ rows: ReportRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (page.lineOfServiceCode !== undefined) {
      conditions.push(sql`l.line_of_service_code = ${page.lineOfServiceCode}`);
    }
    for (const { column, min, max } of page.bounds) {
      const value = reportColumns[column];
      // A bound matches only what was reported: -1 (a score) or null (a usage) never does.
      conditions.push(scoreColumns.has(column) ? sql`${value} >= 0` : sql`${value} is not null`);
      if (min !== undefined) conditions.push(sql`${value} >= ${min}`);
      if (max !== undefined) conditions.push(sql`${value} <= ${max}`);
    }
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const order = page.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
    // The page and the count apart: the page walks the sort's index and stops after it, the
    // count reads the report rows alone (a window count would sort every matching line).
    const [rows, counted] = await Promise.all([
      rowsOf<{
        line_of_service_code: string;
        subscriber_name: string;
        subscriber_code: string;
        device_type: string | null;
        device_identifier: string | null;
        overall_score: number;
        cpu_percent_score: number;
        free_ram_score: number;
        wifi_score: number;
        physical_status_score: number;
        avg_max_uptime_score: number;
        used_cpu_percent: number | null;
        used_ram_percent: number | null;
        lan_host_count: number | null;
      }>(
        this.db,
        sql`
        select l.line_of_service_code,
               coalesce(s.name, '') as subscriber_name, coalesce(s.subscriber_code, '') as subscriber_code,
               l.device_type, l.device_identifier, r.overall_score, r.cpu_percent_score,
               r.free_ram_score, r.wifi_score, r.physical_status_score, r.avg_max_uptime_score,
               r.used_cpu_percent, r.used_ram_percent, r.lan_host_count
          from ${qoeLineReports} r
          join ${linesOfService} l on l.id = r.line_id
          left join ${subscribers} s on s.id = l.subscriber_id
         ${where}
         order by ${reportColumns[page.sort]} ${order}, l.line_of_service_code asc
         offset ${page.offset} limit ${page.limit}`,
      ),
      rowsOf<{ total: number }>(
        this.db,
        sql`
        select count(*)::integer as total from ${qoeLineReports} r
          ${page.lineOfServiceCode === undefined ? sql`` : sql`join ${linesOfService} l on l.id = r.line_id`}
         ${where}`,
      ),
    ]);
    const total = counted[0]?.total ?? 0;
    return {
      total,
      rows: rows.map((row) => ({
        lineOfServiceCode: row.line_of_service_code,
        subscriberName: row.subscriber_name,
        subscriberCode: row.subscriber_code,
        deviceType: row.device_type,
        deviceIdentifier: row.device_identifier,
        overallScore: row.overall_score,
        cpuPercentScore: row.cpu_percent_score,
        freeRamScore: row.free_ram_score,
        wifiScore: row.wifi_score,
        physicalStatusScore: row.physical_status_score,
        avgMaxUptimeScore: row.avg_max_uptime_score,
        usedCpuPercent: row.used_cpu_percent,
        usedRamPercent: row.used_ram_percent,
        lanHostCount: row.lan_host_count,
      })),
    };
  }

  /** The line's interval scores with buckets in [from, to), oldest first. */
  async intervals(lineId: string, from: Date, to: Date): Promise<IntervalScoreRecord[]> {
    return this.db
      .select()
      .from(qoeIntervalScores)
      .where(
        sql`${qoeIntervalScores.lineId} = ${lineId} and ${qoeIntervalScores.bucket} >= ${from.toISOString()}::timestamptz and ${qoeIntervalScores.bucket} < ${to.toISOString()}::timestamptz`,
      )
      .orderBy(qoeIntervalScores.bucket);
  }

  /** The line's newest interval that started before `before`. */
  async latestInterval(lineId: string, before: Date): Promise<IntervalScoreRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(qoeIntervalScores)
      .where(
        sql`${qoeIntervalScores.lineId} = ${lineId} and ${qoeIntervalScores.bucket} < ${before.toISOString()}::timestamptz`,
      )
      .orderBy(sql`${qoeIntervalScores.bucket} desc`)
      .limit(1);
    return row;
  }

  /** The line's daily scores with days in [from, to), oldest first. */
  async days(lineId: string, from: Date, to: Date): Promise<DailyScoreRecord[]> {
    return this.db
      .select()
      .from(qoeDailyScores)
      .where(
        sql`${qoeDailyScores.lineId} = ${lineId} and ${qoeDailyScores.day} >= ${from.toISOString()}::timestamptz and ${qoeDailyScores.day} < ${to.toISOString()}::timestamptz`,
      )
      .orderBy(qoeDailyScores.day);
  }

  /** The lines whose gateways rebooted most, then lowest weighted average uptime; at most `limit`. */
  async uptimeRows(limit: number): Promise<UptimeRecord[]> {
    const rows = await this.db
      .select({
        lineOfServiceCode: linesOfService.lineOfServiceCode,
        subscriberName: sql<string>`coalesce(${subscribers.name}, '')`,
        deviceType: linesOfService.deviceType,
        weightedAvgUptimeSeconds: qoeLineReports.weightedAvgUptimeSeconds,
        reboots: qoeLineReports.reboots,
        state: gatewayState,
      })
      .from(qoeLineReports)
      .innerJoin(linesOfService, sql`${linesOfService.id} = ${qoeLineReports.lineId}`)
      .leftJoin(subscribers, sql`${subscribers.id} = ${linesOfService.subscriberId}`)
      .leftJoin(gatewayState, sql`${gatewayState.lineId} = ${qoeLineReports.lineId}`)
      .orderBy(
        sql`${qoeLineReports.reboots} desc`,
        sql`${qoeLineReports.weightedAvgUptimeSeconds} asc nulls last`,
        linesOfService.lineOfServiceCode,
      )
      .limit(limit);
    return rows;
  }

  /**
   * One fleet figure averaged per step of `stepMs` from `from` (a step's start) to `to`, as
   * `[step index, average]` pairs with a value: the database averages and leaves out the other
   * columns, so a week of 900 s rows crosses as 200 numbers, not 770 rows of thirteen (PGlite
   * spent 12–21 ms of CPU on those; bench/README.md, issue 15).
   */
  async fleetSeries(
    figure: FleetFigure,
    from: Date,
    to: Date,
    stepMs: number,
  ): Promise<[index: number, average: number][]> {
    const column = sql`${sql.identifier(fleetMetrics[figure].name)}`;
    const rows = await selectValue<[number, number][] | null>(
      this.db,
      sql`select json_agg(json_build_array(s.i, s.v) order by s.i)
            from (select floor((extract(epoch from f.bucket) * 1000 - ${from.getTime()}::bigint)
                               / ${stepMs}::bigint)::integer as i,
                         avg(f.${column}) as v
                    from ${fleetMetrics} f
                   where f.bucket >= ${from.toISOString()}::timestamptz
                     and f.bucket < ${to.toISOString()}::timestamptz
                     and f.${column} is not null
                   group by 1) s`,
    );
    return rows ?? [];
  }

  /** The fleet's newest `count` buckets, newest first. */
  async newestFleet(count: number): Promise<FleetMetricsRecord[]> {
    return this.db
      .select()
      .from(fleetMetrics)
      .orderBy(sql`${fleetMetrics.bucket} desc`)
      .limit(count);
  }

  /** The heat map's answer as the QoE job last built it (JSON text), or null before its first run. */
  async fleetMapAnswer(): Promise<string | null> {
    const [row] = await this.db.select({ answer: fleetMap.answer }).from(fleetMap);
    return row?.answer ?? null;
  }
}
