import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ssoAttempts } from '../../db/schema';

export type SsoAttempt = typeof ssoAttempts.$inferSelect;

export class SsoRepository {
  constructor(private readonly db: Db) {}

  async insertAttempt(attempt: SsoAttempt): Promise<void> {
    await this.db.insert(ssoAttempts).values(attempt);
  }

  /** Takes the attempt a state names, once: a replayed state finds nothing. */
  async takeAttempt(state: string): Promise<SsoAttempt | undefined> {
    const [attempt] = await this.db
      .delete(ssoAttempts)
      .where(eq(ssoAttempts.state, state))
      .returning();
    return attempt;
  }

  async deleteAttemptsBefore(cutoff: Date): Promise<void> {
    await this.db.delete(ssoAttempts).where(lt(ssoAttempts.createdAt, cutoff));
  }
}
