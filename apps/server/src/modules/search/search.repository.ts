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

/** Up to this many matches, sorting them all beats walking the sort-key index. */
const fewMatches = 1000;

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
    const [totals] = await this.db.select({ total: count() }).from(searchEntries).where(where);
    const total = totals?.total ?? 0;
    if (total === 0 || offset >= total) return { results: [], total };
    if (total > fewMatches) {
      // Many matches: walking the sort-key index finds a page after a few rows.
      const results = await this.db
        .select(resultColumns)
        .from(searchEntries)
        .where(where)
        .orderBy(asc(searchEntries.sortKey))
        .offset(offset)
        .limit(limit);
      return { results, total };
    }
    // Few matches: the planner may still guess "many" and walk the whole sort-key index. OFFSET 0
    // fences the subquery, so the trigram index finds the matches and only they are sorted.
    const matches = this.db
      .select({ ...resultColumns, sortKey: searchEntries.sortKey })
      .from(searchEntries)
      .where(where)
      .offset(0)
      .as('matches');
    const rows = await this.db
      .select()
      .from(matches)
      .orderBy(asc(matches.sortKey))
      .offset(offset)
      .limit(limit);
    return { results: rows.map(({ sortKey: _sortKey, ...result }) => result), total };
  }
}
