import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { SystemUserRole } from '@linesight/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { subscribers, users } from '../../db/schema';

export type UserRecord = typeof users.$inferSelect;
export type NewUserRecord = typeof users.$inferInsert;

const systemUserRoles: SystemUserRole[] = ['Admin', 'CSR'];

/** Serialises every change that could leave the portal without an admin. */
const adminChangeLock = 7_211_001;

/** Why a change guarded by the admin lock was not made. */
export type AdminGuardedRefusal = 'not-found' | 'last-admin' | 'email-in-use';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return user;
  }

  /** A consumer by device-manager user name, with their subscriber's code. */
  async findConsumer(
    username: string,
  ): Promise<{ user: UserRecord; subscriberCode: string } | undefined> {
    const [row] = await this.db
      .select({ user: users, subscriberCode: subscribers.subscriberCode })
      .from(users)
      .innerJoin(subscribers, eq(subscribers.id, users.subscriberId))
      .where(
        and(eq(users.role, 'Consumer'), sql`lower(${users.email}) = ${username.toLowerCase()}`),
      );
    return row;
  }

  async findConsumerOfSubscriber(subscriberId: string): Promise<UserRecord | undefined> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'Consumer'), eq(users.subscriberId, subscriberId)))
      .orderBy(asc(users.createdAt));
    return user;
  }

  /**
   * The consumer account a device manager vouched for, tied to `subscriberId`: created on first
   * sign-in, moved when the device manager names another subscriber. Null when a staff account
   * has that name. An account made here has no passphrase of its own.
   */
  async upsertConsumer(
    username: string,
    subscriberId: string,
    name: string,
    at: Date,
  ): Promise<UserRecord | null> {
    const existing = await this.findByEmail(username);
    if (existing && existing.role !== 'Consumer') return null;
    if (existing?.subscriberId === subscriberId) return existing;
    if (existing) {
      const [updated] = await this.db
        .update(users)
        .set({ subscriberId, name, updatedAt: at })
        .where(eq(users.id, existing.id))
        .returning();
      return updated ?? null;
    }
    const inserted = await this.insert({
      email: username,
      name,
      role: 'Consumer',
      passphraseHash: '',
      subscriberId,
    });
    return inserted === 'email-in-use' ? null : inserted;
  }

  /**
   * Sets the subscriber's consumer user name and passphrase hash, creating the account; answers
   * the account's id and whether it was created.
   */
  async setConsumerCredentials(
    subscriberId: string,
    credentials: { username: string; name: string; passphraseHash: string; at: Date },
  ): Promise<{ userId: string; created: boolean } | 'email-in-use'> {
    const { username, name, passphraseHash, at } = credentials;
    try {
      // Two admins at once: the second waits for the first's commit here, then updates the
      // account the first created instead of creating a second one (in a transaction only).
      await this.db
        .select({ id: subscribers.id })
        .from(subscribers)
        .where(eq(subscribers.id, subscriberId))
        .for('update');
      const existing = await this.findConsumerOfSubscriber(subscriberId);
      if (existing) {
        await this.db
          .update(users)
          .set({ email: username, name, passphraseHash, updatedAt: at })
          .where(eq(users.id, existing.id));
        return { userId: existing.id, created: false };
      }
      const inserted = await this.insert({
        email: username,
        name,
        role: 'Consumer',
        passphraseHash,
        subscriberId,
      });
      return inserted === 'email-in-use' ? inserted : { userId: inserted.id, created: true };
    } catch (error) {
      if (isUniqueViolation(error)) return 'email-in-use';
      throw error;
    }
  }

  /** Deletes the subscriber's consumer accounts; answers the user names deleted. */
  async deleteConsumersOfSubscriber(
    subscriberId: string,
  ): Promise<{ id: string; email: string }[]> {
    return this.db
      .delete(users)
      .where(and(eq(users.role, 'Consumer'), eq(users.subscriberId, subscriberId)))
      .returning({ id: users.id, email: users.email });
  }

  /**
   * The staff account a single sign-on names, created or updated from the ID token's claims;
   * null when the address belongs to a consumer. Such an account has no local passphrase.
   */
  async upsertSsoUser(
    email: string,
    name: string,
    role: 'Admin' | 'CSR',
    at: Date,
  ): Promise<UserRecord | null> {
    const existing = await this.findByEmail(email);
    if (existing?.role === 'Consumer') return null;
    if (existing) {
      const [updated] = await this.db
        .update(users)
        .set({ name, role, mustChangePassphrase: false, updatedAt: at })
        .where(eq(users.id, existing.id))
        .returning();
      return updated ?? null;
    }
    const inserted = await this.insert({ email, name, role, passphraseHash: '' });
    return inserted === 'email-in-use'
      ? this.findByEmail(email).then((user) => user ?? null)
      : inserted;
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.id, id));
    return user;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(users);
    return row?.total ?? 0;
  }

  /** Inserts unless the e-mail is taken (in any letter case); answers whether it inserted. */
  async insertIfEmailFree(user: NewUserRecord): Promise<boolean> {
    const inserted = await this.db
      .insert(users)
      .values(user)
      .onConflictDoNothing()
      .returning({ id: users.id });
    return inserted.length > 0;
  }

  async insert(user: NewUserRecord): Promise<UserRecord | 'email-in-use'> {
    const [inserted] = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return inserted ?? 'email-in-use';
  }

  /** Staff accounts (Admin and CSR), by name, one page at a time. */
  async listSystemUsers(
    offset: number,
    limit: number,
  ): Promise<{ rows: UserRecord[]; total: number }> {
    const staff = inArray(users.role, systemUserRoles);
    const rows = await this.db
      .select()
      .from(users)
      .where(staff)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.email))
      .offset(offset)
      .limit(limit);
    const [row] = await this.db.select({ total: count() }).from(users).where(staff);
    return { rows, total: row?.total ?? 0 };
  }

  async setPassphrase(userId: string, passphraseHash: string, at: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ passphraseHash, mustChangePassphrase: false, updatedAt: at })
      .where(eq(users.id, userId));
  }

  /**
   * Updates a user unless that would demote the last admin or take an e-mail in use; answers the
   * user as they were before, read under the lock.
   */
  async updateKeepingAnAdmin(
    id: string,
    changes: Partial<Pick<UserRecord, 'email' | 'name' | 'role' | 'passphraseHash' | 'updatedAt'>>,
  ): Promise<UserRecord | AdminGuardedRefusal> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${adminChangeLock})`);
        const [current] = await tx.select().from(users).where(eq(users.id, id));
        if (!current) return 'not-found';
        if (current.role === 'Admin' && changes.role !== undefined && changes.role !== 'Admin') {
          const [admins] = await tx
            .select({ total: count() })
            .from(users)
            .where(eq(users.role, 'Admin'));
          if ((admins?.total ?? 0) <= 1) return 'last-admin';
        }
        await tx.update(users).set(changes).where(eq(users.id, id));
        return current;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'email-in-use';
      throw error;
    }
  }

  /**
   * Deletes a user unless they are the last admin; their sessions go with them. Answers the user
   * deleted.
   */
  async deleteKeepingAnAdmin(id: string): Promise<UserRecord | AdminGuardedRefusal> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${adminChangeLock})`);
      const [current] = await tx.select().from(users).where(eq(users.id, id));
      if (!current) return 'not-found';
      if (current.role === 'Admin') {
        const [admins] = await tx
          .select({ total: count() })
          .from(users)
          .where(eq(users.role, 'Admin'));
        if ((admins?.total ?? 0) <= 1) return 'last-admin';
      }
      await tx.delete(users).where(eq(users.id, id));
      return current;
    });
  }
}
