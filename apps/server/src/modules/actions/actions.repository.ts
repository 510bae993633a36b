import {
  and,
  asc,
  type Column,
  eq,
  exists,
  gt,
  isNotNull,
  isNull,
  lt,
  lte,
  type SQL,
} from 'drizzle-orm';
import type { DeviceCommand } from '@linesight/contract';
import type { Db } from '../../db/client';
import { deviceCommands, linesOfService } from '../../db/schema';

export type CommandRecord = typeof deviceCommands.$inferSelect;

/**
 * Whether the line (`lineId`, a column of the outer query) has a command no gateway has fetched,
 * for another query to ask in passing. Expired ones count too: a fetch then finds nothing.
 */
export function commandsWaitingOf(db: Db, lineId: Column): SQL {
  return exists(
    db
      .select({ one: deviceCommands.lineId })
      .from(deviceCommands)
      .where(
        and(
          eq(deviceCommands.lineId, lineId),
          isNull(deviceCommands.deliveredAt),
          isNull(deviceCommands.outcome),
        ),
      ),
  );
}

export class ActionsRepository {
  constructor(private readonly db: Db) {}

  async insert(lineId: string, command: DeviceCommand, requestedAt: Date): Promise<string> {
    const [row] = await this.db
      .insert(deviceCommands)
      .values({ lineId, action: command.action, parameters: command.parameters, requestedAt })
      .returning({ messageId: deviceCommands.messageId });
    if (!row) throw new Error('queueing a command returned no row');
    return row.messageId;
  }

  async find(lineId: string, messageId: string): Promise<CommandRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(deviceCommands)
      .where(and(eq(deviceCommands.lineId, lineId), eq(deviceCommands.messageId, messageId)));
    return row;
  }

  /**
   * Hands over the line's commands no gateway has fetched yet, requested after `notBefore`
   * (older ones have expired), oldest first, marking them delivered in the same statement so two
   * polls never get the same command.
   */
  async deliver(lineId: string, notBefore: Date, at: Date): Promise<CommandRecord[]> {
    const delivered = await this.db
      .update(deviceCommands)
      .set({ deliveredAt: at })
      .where(
        and(
          eq(deviceCommands.lineId, lineId),
          isNull(deviceCommands.deliveredAt),
          isNull(deviceCommands.outcome),
          gt(deviceCommands.requestedAt, notBefore),
        ),
      )
      .returning();
    return delivered.sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime());
  }

  /** Records the answer unless one is already there; false when it was. */
  async answer(
    messageId: string,
    outcome: 'ACK' | 'NAK',
    value: string | null,
    at: Date,
  ): Promise<boolean> {
    const answered = await this.db
      .update(deviceCommands)
      .set({ outcome, value, answeredAt: at })
      .where(and(eq(deviceCommands.messageId, messageId), isNull(deviceCommands.outcome)))
      .returning({ messageId: deviceCommands.messageId });
    return answered.length > 0;
  }

  /** Deletes the commands requested before `cutoff` that have ended (ACK, NAK or EXPIRED). */
  async deleteEndedBefore(cutoff: Date): Promise<number> {
    const deleted = await this.db
      .delete(deviceCommands)
      .where(and(isNotNull(deviceCommands.outcome), lt(deviceCommands.requestedAt, cutoff)))
      .returning({ messageId: deviceCommands.messageId });
    return deleted.length;
  }

  /**
   * Marks EXPIRED the commands requested at or before `requestedBefore` that have no answer;
   * answers them with their line's code. Each is taken once, however many processes run this.
   */
  async expire(
    requestedBefore: Date,
  ): Promise<{ messageId: string; action: string; lineOfServiceCode: string }[]> {
    return this.db
      .update(deviceCommands)
      .set({ outcome: 'EXPIRED' })
      .from(linesOfService)
      .where(
        and(
          eq(linesOfService.id, deviceCommands.lineId),
          isNull(deviceCommands.outcome),
          lte(deviceCommands.requestedAt, requestedBefore),
        ),
      )
      .returning({
        messageId: deviceCommands.messageId,
        action: deviceCommands.action,
        lineOfServiceCode: linesOfService.lineOfServiceCode,
      });
  }

  async listForLine(lineId: string): Promise<CommandRecord[]> {
    return this.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.lineId, lineId))
      .orderBy(asc(deviceCommands.requestedAt));
  }
}
