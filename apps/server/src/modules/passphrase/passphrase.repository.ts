import { and, count, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passphraseResetRequests, passphraseResetTokens } from '../../db/schema';

export type ResetTokenRecord = typeof passphraseResetTokens.$inferSelect;

export class PassphraseRepository {
  constructor(private readonly db: Db) {}

  /** Records one forgot-passphrase request and answers how many the address made since `since`. */
  async recordResetRequest(emailKey: string, at: Date, since: Date): Promise<number> {
    await this.db
      .delete(passphraseResetRequests)
      .where(lt(passphraseResetRequests.requestedAt, since));
    await this.db.insert(passphraseResetRequests).values({ emailKey, requestedAt: at });
    const [row] = await this.db
      .select({ total: count() })
      .from(passphraseResetRequests)
      .where(
        and(
          eq(passphraseResetRequests.emailKey, emailKey),
          gte(passphraseResetRequests.requestedAt, since),
        ),
      );
    return row?.total ?? 0;
  }

  async insertResetToken(token: Omit<ResetTokenRecord, 'usedAt'>): Promise<void> {
    await this.db.insert(passphraseResetTokens).values(token);
  }

  async findResetToken(tokenHash: string): Promise<ResetTokenRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(passphraseResetTokens)
      .where(eq(passphraseResetTokens.tokenHash, tokenHash));
    return row;
  }

  /** Uses a token up; only one caller can, even when two present it at once. */
  async consumeResetToken(tokenHash: string, at: Date): Promise<boolean> {
    const used = await this.db
      .update(passphraseResetTokens)
      .set({ usedAt: at })
      .where(
        and(eq(passphraseResetTokens.tokenHash, tokenHash), isNull(passphraseResetTokens.usedAt)),
      )
      .returning({ tokenHash: passphraseResetTokens.tokenHash });
    return used.length > 0;
  }

  /** A new link replaces the older ones: only the latest e-mail works. */
  async discardUnusedResetTokens(userId: string, at: Date): Promise<void> {
    await this.db
      .update(passphraseResetTokens)
      .set({ usedAt: at })
      .where(and(eq(passphraseResetTokens.userId, userId), isNull(passphraseResetTokens.usedAt)));
  }
}
