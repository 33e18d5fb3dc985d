import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { sessions, users } from '../../platform/db/schema/index.ts';

export function createPasswordRepository(db: Executor) {
  return {
    /** A present (not removed) account of the business, by e-mail in any case. */
    async findAccount(tenantId: number, email: string) {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role })
        .from(users)
        .where(
          and(
            eq(users.tenantId, tenantId),
            sql`lower(${users.email}) = lower(${email})`,
            isNull(users.removedAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    /** Revokes every live session of the account but `keep` (the caller's own): how many it ended. */
    async endSessions(userId: number, keep: string | null): Promise<number> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            ...(keep === null ? [] : [ne(sessions.id, keep)]),
          ),
        )
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}
