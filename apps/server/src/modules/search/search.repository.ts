import type { SearchResult } from '@linesight/contract';
import { and, asc, count, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { searchEntries } from '../../db/schema';

const resultColumns = {
  subscriberName: searchEntries.subscriberName,
  subscriberCode: searchEntries.subscriberCode,
  lineOfServiceCode: searchEntries.lineOfServiceCode,
  deviceType: searchEntries.deviceType,
  deviceIdentifier: searchEntries.deviceIdentifier,
};

export class SearchRepository {
  constructor(private readonly db: Db) {}

  /**
   * Entries whose subscriber name or code, line code, device type, device identifier or MAC
   * contains the term (`search_entries`, kept by database triggers): one per subscriber's line,
   * per subscriber without a line, per line without a subscriber; in `sort_key` order.
   */
  async search(
    term: string,
    unassociatedOnly: boolean,
    offset: number,
    limit: number,
  ): Promise<{ results: SearchResult[]; total: number }> {
    const conditions: SQL[] = [sql`${searchEntries.searchText} like ${containsPattern(term)}`];
    if (unassociatedOnly) {
      conditions.push(or(isNull(searchEntries.subscriberId), isNull(searchEntries.lineId)) as SQL);
    }
    const where = and(...conditions);
    const results = await this.db
      .select(resultColumns)
      .from(searchEntries)
      .where(where)
      .orderBy(asc(searchEntries.sortKey))
      .offset(offset)
      .limit(limit);
    const [totals] = await this.db.select({ total: count() }).from(searchEntries).where(where);
    return { results, total: totals?.total ?? 0 };
  }
}
