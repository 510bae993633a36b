import type { SearchResult } from '@linesight/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';

/**
 * The searched text of a subscriber and of a line, exactly as the trigram indexes of migration
 * 0003 define them: change one, change both, or the planner stops using the indexes.
 */
const subscriberSearchText = sql.raw(`lower(s.name || chr(31) || s.subscriber_code)`);
const lineSearchText = sql.raw(
  `lower(l.line_of_service_code || chr(31) || coalesce(l.device_type, '') || chr(31) || coalesce(l.device_identifier, '') || chr(31) || coalesce(l.device_mac, '') || chr(31) || replace(coalesce(l.device_mac, ''), ':', ''))`,
);

interface SearchRow {
  subscriber_name: string | null;
  subscriber_code: string | null;
  line_of_service_code: string | null;
  device_type: string | null;
  device_identifier: string | null;
  total: number | string;
}

export class SearchRepository {
  constructor(private readonly db: Db) {}

  /**
   * One row per subscriber's line, per subscriber without a line, and per line without a
   * subscriber, where the subscriber's name or code, or the line's code, device type, device
   * identifier or MAC contains the term. Alphabetical by subscriber, unassociated lines last.
   */
  async search(
    term: string,
    unassociatedOnly: boolean,
    offset: number,
    limit: number,
  ): Promise<{ results: SearchResult[]; total: number }> {
    const pattern = containsPattern(term);
    const unassociated = unassociatedOnly
      ? sql`where subscriber_code is null or line_of_service_code is null`
      : sql``;
    // The shared Db type cannot name the driver's result shape; pg and PGlite both answer { rows }.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    const answer = (await this.db.execute(sql`
      with matched_subscribers as (
        select s.id from subscribers s where ${subscriberSearchText} like ${pattern}
      ),
      matched_lines as (
        select l.id from lines_of_service l where ${lineSearchText} like ${pattern}
      ),
      results as (
        select s.name as subscriber_name, s.subscriber_code, l.line_of_service_code, l.device_type, l.device_identifier
          from matched_lines m
          join lines_of_service l on l.id = m.id
          left join subscribers s on s.id = l.subscriber_id
        union
        select s.name, s.subscriber_code, l.line_of_service_code, l.device_type, l.device_identifier
          from matched_subscribers m
          join subscribers s on s.id = m.id
          join lines_of_service l on l.subscriber_id = s.id
        union all
        select s.name, s.subscriber_code, null, null, null
          from matched_subscribers m
          join subscribers s on s.id = m.id
          where not exists (select 1 from lines_of_service l where l.subscriber_id = s.id)
      )
      select *, count(*) over () as total
        from results
        ${unassociated}
        order by lower(subscriber_name) nulls last, subscriber_code nulls last, line_of_service_code
        limit ${limit} offset ${offset}
    `)) as unknown as { rows: SearchRow[] };
    const rows = answer.rows;
    const results = rows.map((row) => ({
      subscriberName: row.subscriber_name,
      subscriberCode: row.subscriber_code,
      lineOfServiceCode: row.line_of_service_code,
      deviceType: row.device_type,
      deviceIdentifier: row.device_identifier,
    }));
    const total = rows[0]
      ? Number(rows[0].total)
      : offset > 0
        ? await this.count(term, unassociatedOnly)
        : 0;
    return { results, total };
  }

  /** The total alone, for a page past the last result. */
  private async count(term: string, unassociatedOnly: boolean): Promise<number> {
    const { total } = await this.search(term, unassociatedOnly, 0, 1);
    return total;
  }
}
