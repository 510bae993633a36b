import { and, count, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AuditAction } from '@linesight/contract';
import type { Db } from '../../db/client';
import { selectValue } from '../../db/recordset';
import { auditEntries, linesOfService, subscribers } from '../../db/schema';
import type { Actor } from './actor';

export type AuditEntryRecord = typeof auditEntries.$inferSelect;

export interface NewAuditEntry {
  at: Date;
  actor: Actor;
  action: AuditAction;
  lineOfServiceCode?: string;
  /**
   * The subscriber concerned. Left out on an entry about a line, it is the subscriber the line
   * belongs to as the entry is written.
   */
  subscriberCode?: string | null;
  target?: string;
  details?: Record<string, unknown>;
}

export interface AuditFilter {
  lineOfServiceCode?: string;
  subscriberCode?: string;
  actorUserId?: string;
  action?: AuditAction;
  from?: Date;
  to?: Date;
}

/** The code of the subscriber the line belongs to now, or null. */
function subscriberOfLine(lineOfServiceCode: string): SQL {
  return sql`(select ${subscribers.subscriberCode} from ${linesOfService}
               join ${subscribers} on ${subscribers.id} = ${linesOfService.subscriberId}
              where ${linesOfService.lineOfServiceCode} = ${lineOfServiceCode})`;
}

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(entry: NewAuditEntry): Promise<void> {
    const { actor, lineOfServiceCode, subscriberCode } = entry;
    const user = actor.kind === 'user' ? actor : undefined;
    await this.db.insert(auditEntries).values({
      at: entry.at,
      actorKind: actor.kind,
      actorUserId: user?.userId ?? null,
      actorEmail: user?.email ?? null,
      actorRole: user?.role ?? null,
      action: entry.action,
      lineOfServiceCode: lineOfServiceCode ?? null,
      subscriberCode:
        subscriberCode === undefined && lineOfServiceCode !== undefined
          ? subscriberOfLine(lineOfServiceCode)
          : (subscriberCode ?? null),
      target: entry.target ?? null,
      details: entry.details ?? {},
    });
  }

  /** A page of the entries that pass the filter, newest first, and how many pass in all. */
  async page(
    filter: AuditFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: AuditEntryRecord[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.lineOfServiceCode !== undefined)
      conditions.push(eq(auditEntries.lineOfServiceCode, filter.lineOfServiceCode));
    if (filter.subscriberCode !== undefined)
      conditions.push(eq(auditEntries.subscriberCode, filter.subscriberCode));
    if (filter.actorUserId !== undefined)
      conditions.push(eq(auditEntries.actorUserId, filter.actorUserId));
    if (filter.action !== undefined) conditions.push(eq(auditEntries.action, filter.action));
    if (filter.from !== undefined) conditions.push(gte(auditEntries.at, filter.from));
    if (filter.to !== undefined) conditions.push(lte(auditEntries.at, filter.to));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .offset(offset)
      .limit(limit);
    const [totals] = await this.db.select({ total: count() }).from(auditEntries).where(where);
    return { rows, total: totals?.total ?? 0 };
  }

  /** Deletes the entries made before `cutoff`; answers how many. */
  async deleteBefore(cutoff: Date): Promise<number> {
    const deleted = await selectValue<number>(
      this.db,
      sql`with deleted as (delete from ${auditEntries} where ${lt(auditEntries.at, cutoff)} returning 1)
          select count(*)::integer from deleted`,
    );
    return deleted ?? 0;
  }
}
