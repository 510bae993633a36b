import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectValue } from '../../db/recordset';
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

  /**
   * Counts a sign-in attempt against the key's budget *before* its credentials are checked, in
   * one statement, so attempts arriving at once each take their own place in the count (across
   * server processes too): the attempt is a failure until it is shown to be right. A lock that
   * has ended starts the count again. The row after the count is returned; the caller checks the
   * credentials only while `failedCount` is within the budget and no lock is on.
   */
  async reserveSignInAttempt(emailKey: string, at: Date): Promise<SignInFailureRecord> {
    const lockEnded = sql`${signInFailures.lockedUntil} is not null and ${signInFailures.lockedUntil} <= ${at.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(signInFailures)
      .values({ emailKey, failedCount: 1, lastFailedAt: at, lockedUntil: null })
      .onConflictDoUpdate({
        target: signInFailures.emailKey,
        set: {
          failedCount: sql`case when ${lockEnded} then 0 else ${signInFailures.failedCount} end + 1`,
          lastFailedAt: at,
          lockedUntil: sql`case when ${lockEnded} then null else ${signInFailures.lockedUntil} end`,
        },
      })
      .returning();
    if (!row) throw new Error('counting a sign-in attempt returned no row');
    return row;
  }

  /**
   * Settles an attempt whose credentials were wrong: it was counted when reserved, so only the
   * lock is left to set, once the count has reached `maxFailures`. Should a right attempt have
   * cleared the count meanwhile, the failure is counted afresh.
   */
  async settleFailedSignIn(
    emailKey: string,
    at: Date,
    maxFailures: number,
    lockedUntilIfLocked: Date,
  ): Promise<SignInFailureRecord> {
    const lockedUntil = lockedUntilIfLocked.toISOString();
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
          lockedUntil: sql`case when ${signInFailures.failedCount} >= ${maxFailures} then coalesce(${signInFailures.lockedUntil}, ${lockedUntil}::timestamptz) else ${signInFailures.lockedUntil} end`,
        },
      })
      .returning();
    if (!row) throw new Error('settling a failed sign-in returned no row');
    return row;
  }

  /**
   * Settles an attempt whose credentials were right: it clears the count, unless the attempts
   * counted with it (its own included) are more than `maxFailures` or a lock came on meanwhile,
   * in which case the right credentials arrived among too many guesses and are refused. True
   * when the sign-in may go ahead. One statement, so it cannot interleave with a reservation.
   */
  async settleRightSignIn(emailKey: string, at: Date, maxFailures: number): Promise<boolean> {
    const maySignIn = await selectValue<boolean>(
      this.db,
      sql`
      with attempt as (
        select 1 from ${signInFailures} where ${signInFailures.emailKey} = ${emailKey}
      ), cleared as (
        delete from ${signInFailures}
        where ${signInFailures.emailKey} = ${emailKey}
          and ${signInFailures.failedCount} <= ${maxFailures}
          and (${signInFailures.lockedUntil} is null
               or ${signInFailures.lockedUntil} <= ${at.toISOString()}::timestamptz)
        returning 1
      )
      select not exists (select 1 from attempt) or exists (select 1 from cleared)`,
    );
    return maySignIn === true;
  }

  async clearSignInFailures(emailKey: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.emailKey, emailKey));
  }
}
