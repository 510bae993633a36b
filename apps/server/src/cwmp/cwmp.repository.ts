import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cwmpDevices, linesOfService } from '../db/schema';
import { commandsWaitingOf } from '../modules/actions/actions.repository';

export type CwmpDeviceRecord = typeof cwmpDevices.$inferSelect;

/** A line as the ACS needs it: its id, its code (the shared URL's username) and its token. */
export interface AcsLine {
  id: string;
  lineOfServiceCode: string;
  reportingToken: string;
  lastReportedAt: Date | null;
}

const lineColumns = {
  id: linesOfService.id,
  lineOfServiceCode: linesOfService.lineOfServiceCode,
  reportingToken: linesOfService.reportingToken,
  lastReportedAt: linesOfService.lastReportedAt,
};

/** A line's gateway row, when the gateway informed on the line's current token. */
const boundOnCurrentToken = and(
  eq(cwmpDevices.lineId, linesOfService.id),
  eq(cwmpDevices.reportingToken, linesOfService.reportingToken),
);

/** Where and how to reach a line's gateway for a connection request. */
export interface ConnectionRequestTarget {
  lineOfServiceCode: string;
  url: string;
  username: string;
  password: string;
}

export class CwmpRepository {
  /**
   * The reads every session makes, prepared once: drizzle builds their SQL once and PostgreSQL
   * plans them once per connection, a measurable part of a session's cost (bench/README.md).
   */
  private readonly lineByTokenQuery;
  private readonly lineByCodeQuery;
  private readonly atInformQuery;

  constructor(private readonly db: Db) {
    this.lineByTokenQuery = db
      .select(lineColumns)
      .from(linesOfService)
      .where(eq(linesOfService.reportingToken, sql.placeholder('token')))
      .prepare('acs_line_by_token');
    this.lineByCodeQuery = db
      .select(lineColumns)
      .from(linesOfService)
      .where(eq(linesOfService.lineOfServiceCode, sql.placeholder('code')))
      .prepare('acs_line_by_code');
    this.atInformQuery = db
      .select({
        device: cwmpDevices,
        commandsWaiting: commandsWaitingOf(db, linesOfService.id),
      })
      .from(linesOfService)
      .leftJoin(cwmpDevices, boundOnCurrentToken)
      .where(eq(linesOfService.id, sql.placeholder('lineId')))
      .prepare('acs_at_inform');
  }

  async lineByToken(token: string): Promise<AcsLine | undefined> {
    const [line] = await this.lineByTokenQuery.execute({ token });
    return line;
  }

  async lineByCode(code: string): Promise<AcsLine | undefined> {
    const [line] = await this.lineByCodeQuery.execute({ code });
    return line;
  }

  /**
   * At an Inform, in one read: the line's gateway, when one informed on the line's current token,
   * and whether a command waits for it.
   */
  async atInform(
    line: AcsLine,
  ): Promise<{ device: CwmpDeviceRecord | undefined; commandsWaiting: boolean }> {
    const [row] = await this.atInformQuery.execute({ lineId: line.id });
    return { device: row?.device ?? undefined, commandsWaiting: row?.commandsWaiting === true };
  }

  /** Writes the line's gateway whole, replacing a binding made on an older token. */
  async save(device: CwmpDeviceRecord): Promise<void> {
    await this.db
      .insert(cwmpDevices)
      .values(device)
      .onConflictDoUpdate({ target: cwmpDevices.lineId, set: device });
  }

  /**
   * The line's gateway's connection request URL and the credentials the ACS set on it; none
   * when it is not a TR-069 line on its current token, or the ACS has not set them yet.
   */
  async connectionRequestTarget(lineId: string): Promise<ConnectionRequestTarget | undefined> {
    const [row] = await this.db
      .select({
        lineOfServiceCode: linesOfService.lineOfServiceCode,
        url: cwmpDevices.connectionRequestUrl,
        username: cwmpDevices.connectionRequestUsername,
        password: cwmpDevices.connectionRequestPassword,
      })
      .from(cwmpDevices)
      .innerJoin(linesOfService, boundOnCurrentToken)
      .where(eq(cwmpDevices.lineId, lineId));
    if (!row?.url || row.username === null || row.password === null) return undefined;
    return { ...row, url: row.url, username: row.username, password: row.password };
  }
}
