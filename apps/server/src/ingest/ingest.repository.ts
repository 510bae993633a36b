import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gatewayReports, linesOfService } from '../db/schema';
import type { DeviceIdentity } from './device-identity';
import { TelemetryRepository } from './telemetry.repository';

export type ReportingLine = typeof linesOfService.$inferSelect;

export class IngestRepository {
  /** Telemetry writes that share this repository's connection (and transaction). */
  readonly telemetry: TelemetryRepository;

  constructor(private readonly db: Db) {
    this.telemetry = new TelemetryRepository(db);
  }

  /** Runs `work` in one transaction: a body's reports are committed together or not at all. */
  transaction<T>(work: (repository: IngestRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new IngestRepository(tx as unknown as Db)));
  }

  async findLineByToken(token: string): Promise<ReportingLine | undefined> {
    const [line] = await this.db
      .select()
      .from(linesOfService)
      .where(eq(linesOfService.reportingToken, token));
    return line;
  }

  /**
   * Records reports as received; answers the collection times that were new (epoch ms). A time
   * the line already has is a re-sent report.
   */
  async recordReports(
    lineId: string,
    collectionTimes: Date[],
    receivedAt: Date,
  ): Promise<Set<number>> {
    if (collectionTimes.length === 0) return new Set();
    const inserted = await this.db
      .insert(gatewayReports)
      .values(collectionTimes.map((collectionTime) => ({ lineId, collectionTime, receivedAt })))
      .onConflictDoNothing()
      .returning({ collectionTime: gatewayReports.collectionTime });
    return new Set(inserted.map((row) => row.collectionTime.getTime()));
  }

  async updateLine(
    lineId: string,
    changes: Partial<DeviceIdentity> & { firstReportedAt?: Date; lastReportedAt: Date },
  ): Promise<void> {
    const { identifier, mac, externalUrl, ...rest } = changes;
    await this.db
      .update(linesOfService)
      .set({
        ...rest,
        ...(identifier !== undefined ? { deviceIdentifier: identifier } : {}),
        ...(mac !== undefined ? { deviceMac: mac } : {}),
        ...(externalUrl !== undefined ? { externalUrl } : {}),
      })
      .where(eq(linesOfService.id, lineId));
  }
}
