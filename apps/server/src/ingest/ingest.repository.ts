import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recordset, selectRecordsIn, selectValue } from '../db/recordset';
import { gatewayReports, linesOfService } from '../db/schema';
import type { DeviceIdentity } from './device-identity';
import { type StatementSizes, statementChunks, statementSizes, TimeSlice } from '../db/event-loop';
import { TelemetryRepository } from '../telemetry/telemetry.repository';

export type ReportingLine = typeof linesOfService.$inferSelect;

export type ReportKeyRow = typeof gatewayReports.$inferInsert;

/** When a line's gateway reported: its oldest and newest report of a body. */
export interface ReportedTimes {
  lineId: string;
  firstReportedAt: Date;
  lastReportedAt: Date;
}

/** The key `recordReports` answers for a new report. */
export const reportKey = (lineId: string, collectionTime: Date): string =>
  `${lineId}/${collectionTime.getTime()}`;

export class IngestRepository {
  /** Telemetry writes that share this repository's connection (and transaction). */
  readonly telemetry: TelemetryRepository;

  constructor(
    private readonly db: Db,
    private readonly sizes: StatementSizes = statementSizes.postgres,
  ) {
    this.telemetry = new TelemetryRepository(db, sizes);
  }

  /** Runs `work` in one transaction: what it writes is committed together or not at all. */
  transaction<T>(work: (repository: IngestRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new IngestRepository(tx as unknown as Db, this.sizes)));
  }

  /** The lines these reporting tokens belong to; a token never issued or revoked finds none. */
  findLinesByTokens(tokens: string[]): Promise<ReportingLine[]> {
    return selectRecordsIn(this.db, linesOfService, linesOfService.reportingToken, tokens, 'text');
  }

  /**
   * Records reports as received; answers the keys (`reportKey`) of those that were new. A
   * collection time the line already has is a re-sent report.
   */
  async recordReports(rows: ReportKeyRow[]): Promise<Set<string>> {
    const keys = new Set<string>();
    const slice = new TimeSlice();
    for (const chunk of statementChunks(rows, this.sizes.keys)) {
      const inserted = await selectValue<[string, number][]>(
        this.db,
        sql`with inserted as (
              insert into ${gatewayReports} select * from ${recordset(gatewayReports, chunk)}
              on conflict do nothing
              returning line_id, collection_time)
            select json_agg(json_build_array(
                     line_id, (extract(epoch from collection_time) * 1000)::bigint))
              from inserted`,
      );
      for (const [lineId, ms] of inserted ?? []) keys.add(reportKey(lineId, new Date(Number(ms))));
      await slice.yieldIfDue();
    }
    return keys;
  }

  /** Moves each line's first and last report times: the first once, the last only forward. */
  async updateReportedTimes(times: ReportedTimes[]): Promise<void> {
    if (times.length === 0) return;
    await this.db.execute(sql`
      update ${linesOfService} l
         set first_reported_at = coalesce(l.first_reported_at, t.first_reported_at),
             last_reported_at = greatest(l.last_reported_at, t.last_reported_at)
        from json_to_recordset(${JSON.stringify(
          times.map((time) => ({
            line_id: time.lineId,
            first_reported_at: time.firstReportedAt,
            last_reported_at: time.lastReportedAt,
          })),
        )}::json) as t(line_id uuid, first_reported_at timestamptz, last_reported_at timestamptz)
       where l.id = t.line_id`);
  }

  /**
   * Sets the device identity a report gives. Rare (a first report, a swapped gateway), and kept
   * apart from `updateReportedTimes` because writing these columns refreshes the search entry.
   */
  async updateIdentity(lineId: string, changes: Partial<DeviceIdentity>): Promise<void> {
    const { identifier, mac, oui, externalUrl, ...rest } = changes;
    await this.db
      .update(linesOfService)
      .set({
        ...rest,
        ...(identifier !== undefined ? { deviceIdentifier: identifier } : {}),
        ...(mac !== undefined ? { deviceMac: mac } : {}),
        ...(oui !== undefined ? { deviceOui: oui } : {}),
        ...(externalUrl !== undefined ? { externalUrl } : {}),
      })
      .where(eq(linesOfService.id, lineId));
  }
}
