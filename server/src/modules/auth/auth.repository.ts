import { and, count, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { loginAttempts, tenants, users } from '../../platform/db/schema/index.ts';

export type TLoginAttempt = typeof loginAttempts.$inferInsert;

export function createAuthRepository(db: Executor) {
  return {
    async tenantNameTaken(name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(sql`lower(${tenants.name}) = lower(${name})`)
        .limit(1);
      return row !== undefined;
    },

    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.removedAt)))
        .limit(1);
      return row !== undefined;
    },

    async insertTenant(name: string): Promise<number> {
      const [row] = await db.insert(tenants).values({ name }).returning({ id: tenants.id });
      return row!.id;
    },

    async insertUser(user: typeof users.$inferInsert): Promise<number> {
      const [row] = await db.insert(users).values(user).returning({ id: users.id });
      return row!.id;
    },

    async findMdByBusinessName(name: string) {
      const [row] = await db
        .select({
          id: users.id,
          tenantId: users.tenantId,
          passwordHash: users.passwordHash,
          username: tenants.name,
        })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(and(sql`lower(${tenants.name}) = lower(${name})`, eq(users.role, 'md')))
        .limit(1);
      return row ?? null;
    },

    async findEmployeeByEmail(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          tenantId: users.tenantId,
          passwordHash: users.passwordHash,
          username: users.name,
        })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = lower(${email})`,
            eq(users.role, 'employee'),
            isNull(users.removedAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async recordAttempt(attempt: TLoginAttempt): Promise<void> {
      await db.insert(loginAttempts).values(attempt);
    },

    /** Failed attempts since `since`, for one account identifier or one address. */
    async countFailures(
      filter: { kind: 'md' | 'employee'; identifier: string } | { ip: string },
      since: Date,
    ) {
      const scope =
        'ip' in filter
          ? eq(loginAttempts.ip, filter.ip)
          : and(eq(loginAttempts.accountKind, filter.kind), eq(loginAttempts.identifier, filter.identifier));
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(
          and(
            scope,
            eq(loginAttempts.success, false),
            ne(loginAttempts.reason, 'rate_limited'),
            gte(loginAttempts.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type TAuthRepository = ReturnType<typeof createAuthRepository>;
