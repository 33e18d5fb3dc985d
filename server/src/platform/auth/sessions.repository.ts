import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sessions, tenants, userPermissions, users } from '../db/schema/index.ts';

export type TSessionRow = {
  sessionId: string;
  userId: number;
  tenantId: number;
  role: 'md' | 'employee';
  name: string;
  email: string;
  tenantName: string;
  expiresAt: Date;
  revokedAt: Date | null;
};

export function createSessionsRepository(db: Executor) {
  return {
    async insert(row: {
      id: string;
      tenantId: number;
      userId: number;
      ip: string;
      userAgent: string | null;
      expiresAt: Date;
    }) {
      await db.insert(sessions).values(row);
    },

    async findActive(sessionId: string): Promise<TSessionRow | null> {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: users.id,
          tenantId: users.tenantId,
          role: users.role,
          name: users.name,
          email: users.email,
          tenantName: tenants.name,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(and(eq(sessions.id, sessionId), isNull(users.removedAt)))
        .limit(1);
      return row ?? null;
    },

    async grantedKeys(userId: number): Promise<string[]> {
      const rows = await db
        .select({ key: userPermissions.resourceKey })
        .from(userPermissions)
        .where(eq(userPermissions.userId, userId));
      return rows.map((r) => r.key);
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAllForUser(userId: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type TSessionsRepository = ReturnType<typeof createSessionsRepository>;
