import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { containsPattern } from '../../db/like';
import { linesOfService, subscribers } from '../../db/schema';

export type SubscriberRecord = typeof subscribers.$inferSelect;

export interface SubscriberRow {
  name: string;
  subscriberCode: string;
  lineCodes: string[];
}

const subscriberRowColumns = {
  name: subscribers.name,
  subscriberCode: subscribers.subscriberCode,
  // Written out in full: inside a select list drizzle leaves columns unqualified, and a bare
  // "id" in the subquery would mean the line's own id.
  lineCodes: sql<
    string[]
  >`coalesce((select array_agg(l.line_of_service_code order by l.line_of_service_code) from lines_of_service l where l.subscriber_id = "subscribers"."id"), '{}')`,
};

const hasNoLine = sql`not exists (select 1 from ${linesOfService} where ${linesOfService.subscriberId} = ${subscribers.id})`;

export class SubscribersRepository {
  constructor(private readonly db: Db) {}

  async findByCode(code: string): Promise<SubscriberRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.subscriberCode, code));
    return row;
  }

  async findRowByCode(code: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.db
      .select(subscriberRowColumns)
      .from(subscribers)
      .where(eq(subscribers.subscriberCode, code));
    return row;
  }

  /** Subscribers whose code contains `pattern`, by code, with the codes of their lines. */
  async search(
    pattern: string,
    hideAssociated: boolean,
    offset: number,
    limit: number,
  ): Promise<{ rows: SubscriberRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (pattern)
      conditions.push(sql`lower(${subscribers.subscriberCode}) like ${containsPattern(pattern)}`);
    if (hideAssociated) conditions.push(hasNoLine);
    const where = and(...conditions);
    const rows = await this.db
      .select(subscriberRowColumns)
      .from(subscribers)
      .where(where)
      .orderBy(asc(subscribers.subscriberCode))
      .offset(offset)
      .limit(limit);
    const [totals] = await this.db.select({ total: count() }).from(subscribers).where(where);
    return { rows, total: totals?.total ?? 0 };
  }

  async insert(code: string, name: string, at: Date): Promise<'created' | 'code-in-use'> {
    try {
      const inserted = await this.db
        .insert(subscribers)
        .values({ subscriberCode: code, name, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning({ id: subscribers.id });
      return inserted.length > 0 ? 'created' : 'code-in-use';
    } catch (error) {
      if (isUniqueViolation(error)) return 'code-in-use';
      throw error;
    }
  }

  /** Creates the subscriber or renames it; answers which it did. */
  async upsert(code: string, name: string, at: Date): Promise<'created' | 'updated'> {
    const [row] = await this.db
      .insert(subscribers)
      .values({ subscriberCode: code, name, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: subscribers.subscriberCode, set: { name, updatedAt: at } })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    return row?.inserted ? 'created' : 'updated';
  }

  /** Deletes a subscriber; its lines stay, unassociated (the foreign key sets them null). */
  async delete(code: string): Promise<boolean> {
    const deleted = await this.db
      .delete(subscribers)
      .where(eq(subscribers.subscriberCode, code))
      .returning({ id: subscribers.id });
    return deleted.length > 0;
  }
}
