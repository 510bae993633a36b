import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gatewayEvents } from '../../db/schema';

export type GatewayEventRecord = typeof gatewayEvents.$inferSelect;
export type GatewayEventKind = GatewayEventRecord['kind'];

/** The reads of a gateway's events for its health charts, by the events' primary key. */
export class LineHealthRepository {
  constructor(private readonly db: Db) {}

  /**
   * The line's events of these kinds that touch [from, to): those that happened in it, and the
   * offline spells that began before it and ended in it or later. Oldest first.
   */
  events(
    lineId: string,
    kinds: readonly GatewayEventKind[],
    from: Date,
    to: Date,
  ): Promise<GatewayEventRecord[]> {
    return this.db
      .select()
      .from(gatewayEvents)
      .where(
        and(
          eq(gatewayEvents.lineId, lineId),
          inArray(gatewayEvents.kind, [...kinds]),
          lt(gatewayEvents.at, to),
          or(gte(gatewayEvents.at, from), gte(gatewayEvents.until, from)),
        ),
      )
      .orderBy(asc(gatewayEvents.at));
  }
}
