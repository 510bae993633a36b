import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { linesOfService, subscribers, tierTables } from '../../db/schema';

export type LineOfServiceRecord = typeof linesOfService.$inferSelect;

export interface DeviceLineRow {
  lineOfServiceCode: string;
  subscriberCode: string | null;
  subscriberName: string | null;
  deviceType: string | null;
  identifier: string | null;
  externalURL: string | null;
  wanType: number | null;
}

const deviceLineColumns = {
  lineOfServiceCode: linesOfService.lineOfServiceCode,
  subscriberCode: subscribers.subscriberCode,
  subscriberName: subscribers.name,
  deviceType: linesOfService.deviceType,
  identifier: linesOfService.deviceIdentifier,
  externalURL: linesOfService.externalUrl,
  wanType: linesOfService.wanType,
};

export type ProvisionOutcome = 'created' | 'reprovisioned' | 'code-in-use';

export class DevicesRepository {
  constructor(private readonly db: Db) {}

  async findByCode(code: string): Promise<LineOfServiceRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(linesOfService)
      .where(eq(linesOfService.lineOfServiceCode, code));
    return row;
  }

  async findLineRow(code: string): Promise<DeviceLineRow | undefined> {
    const [row] = await this.db
      .select(deviceLineColumns)
      .from(linesOfService)
      .leftJoin(subscribers, eq(subscribers.id, linesOfService.subscriberId))
      .where(eq(linesOfService.lineOfServiceCode, code));
    return row;
  }

  /** Lines whose code or device identifier contains `pattern`, by code, with their subscriber. */
  async search(
    pattern: string,
    hideAssociated: boolean,
    offset: number,
    limit: number,
  ): Promise<{ rows: DeviceLineRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (pattern) {
      const like = containsPattern(pattern);
      conditions.push(
        or(
          sql`lower(${linesOfService.lineOfServiceCode}) like ${like}`,
          sql`lower(${linesOfService.deviceIdentifier}) like ${like}`,
        ) as SQL,
      );
    }
    if (hideAssociated) conditions.push(isNull(linesOfService.subscriberId));
    const where = and(...conditions);
    const rows = await this.db
      .select(deviceLineColumns)
      .from(linesOfService)
      .leftJoin(subscribers, eq(subscribers.id, linesOfService.subscriberId))
      .where(where)
      .orderBy(asc(linesOfService.lineOfServiceCode))
      .offset(offset)
      .limit(limit);
    const [totals] = await this.db.select({ total: count() }).from(linesOfService).where(where);
    return { rows, total: totals?.total ?? 0 };
  }

  /** The most recently changed lines (provisioned, associated or reported), newest first. */
  async recentlyChanged(limit: number): Promise<DeviceLineRow[]> {
    return this.db
      .select(deviceLineColumns)
      .from(linesOfService)
      .leftJoin(subscribers, eq(subscribers.id, linesOfService.subscriberId))
      .orderBy(desc(linesOfService.updatedAt), asc(linesOfService.lineOfServiceCode))
      .limit(limit);
  }

  /**
   * Creates the line with this reporting token, or, unless `createOnly`, gives an existing line
   * the new token and forgets its device until the new gateway reports: the old URL stops working.
   * One statement each way, so concurrent provisions of one code leave exactly one line.
   */
  async provision(
    code: string,
    reportingToken: string,
    createOnly: boolean,
    at: Date,
  ): Promise<ProvisionOutcome> {
    const values = { lineOfServiceCode: code, reportingToken, createdAt: at, updatedAt: at };
    if (createOnly) {
      const inserted = await this.db
        .insert(linesOfService)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: linesOfService.id });
      return inserted.length > 0 ? 'created' : 'code-in-use';
    }
    const [row] = await this.db
      .insert(linesOfService)
      .values(values)
      .onConflictDoUpdate({
        target: linesOfService.lineOfServiceCode,
        set: {
          reportingToken,
          deviceType: null,
          deviceIdentifier: null,
          deviceMac: null,
          deviceOui: null,
          wanType: null,
          firstReportedAt: null,
          lastReportedAt: null,
          updatedAt: at,
        },
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    return row?.inserted ? 'created' : 'reprovisioned';
  }

  /**
   * Deletes the line, its reporting token and everything recorded for it: by cascade, then the
   * tier tables, which have no foreign key. Their rows go after the line's, whose delete waits
   * for a report being stored for it to commit (that holds a key lock on the line), so no
   * report's rows are left behind.
   */
  async delete(code: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(linesOfService)
        .where(eq(linesOfService.lineOfServiceCode, code))
        .returning({ id: linesOfService.id });
      if (!deleted) return false;
      for (const table of tierTables) await tx.delete(table).where(eq(table.lineId, deleted.id));
      return true;
    });
  }

  async associate(code: string, subscriberId: string, at: Date): Promise<boolean> {
    const updated = await this.db
      .update(linesOfService)
      .set({ subscriberId, updatedAt: at })
      .where(eq(linesOfService.lineOfServiceCode, code))
      .returning({ id: linesOfService.id });
    return updated.length > 0;
  }
}
