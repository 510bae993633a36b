import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRecord = typeof users.$inferSelect;
export type NewUserRecord = typeof users.$inferInsert;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return user;
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
}
