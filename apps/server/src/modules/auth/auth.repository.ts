import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { linesOfService, sessions, signInFailures, users } from '../../db/schema';
import type { UserRecord } from '../users/users.repository';

export type SessionRecord = typeof sessions.$inferSelect;
export type SignInFailureRecord = typeof signInFailures.$inferSelect;

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async insertSession(session: SessionRecord): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  async findSessionWithUser(
    tokenHash: string,
  ): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash));
    return row;
  }

  /** A consumer's lines of service: their subscriber's, by code. */
  async linesOfSubscriber(subscriberId: string): Promise<string[]> {
    const rows = await this.db
      .select({ code: linesOfService.lineOfServiceCode })
      .from(linesOfService)
      .where(eq(linesOfService.subscriberId, subscriberId))
      .orderBy(linesOfService.lineOfServiceCode);
    return rows.map((row) => row.code);
  }

  async touchSession(tokenHash: string, seenAt: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: seenAt })
      .where(eq(sessions.tokenHash, tokenHash));
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Ends every session of a user, or every one but `keepTokenHash`. */
  async deleteSessionsOfUser(userId: string, keepTokenHash?: string): Promise<void> {
    const ofUser = eq(sessions.userId, userId);
    await this.db
      .delete(sessions)
      .where(keepTokenHash ? and(ofUser, ne(sessions.tokenHash, keepTokenHash)) : ofUser);
  }

  /** Removes sessions idle since `idleBefore` or created before `createdBefore`. */
  async deleteExpiredSessions(idleBefore: Date, createdBefore: Date): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(or(lt(sessions.lastSeenAt, idleBefore), lt(sessions.createdAt, createdBefore)))
      .returning({ tokenHash: sessions.tokenHash });
    return deleted.length;
  }

  async findSignInFailure(emailKey: string): Promise<SignInFailureRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.emailKey, emailKey));
    return row;
  }

  /**
   * Counts one more failure in a single statement, so concurrent attempts cannot both read the
   * old count. A lock that has ended starts the count again; reaching `maxFailures` sets
   * `locked_until`.
   */
  async recordSignInFailure(
    emailKey: string,
    at: Date,
    maxFailures: number,
    lockedUntilIfLocked: Date,
  ): Promise<SignInFailureRecord> {
    const previous = sql`case when ${signInFailures.lockedUntil} is not null and ${signInFailures.lockedUntil} <= ${at.toISOString()}::timestamptz then 0 else ${signInFailures.failedCount} end`;
    const [row] = await this.db
      .insert(signInFailures)
      .values({
        emailKey,
        failedCount: 1,
        lastFailedAt: at,
        lockedUntil: maxFailures <= 1 ? lockedUntilIfLocked : null,
      })
      .onConflictDoUpdate({
        target: signInFailures.emailKey,
        set: {
          failedCount: sql`${previous} + 1`,
          lastFailedAt: at,
          lockedUntil: sql`case when ${previous} + 1 >= ${maxFailures} then ${lockedUntilIfLocked.toISOString()}::timestamptz else null end`,
        },
      })
      .returning();
    if (!row) throw new Error('recording a sign-in failure returned no row');
    return row;
  }

  async clearSignInFailures(emailKey: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.emailKey, emailKey));
  }
}
