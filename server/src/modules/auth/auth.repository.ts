import { businessNameKey } from '@app/domain/names/business-name';
import { and, count, eq, gte, isNull, max, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db/client.ts';
import { loginAttempts, loginDevices, tenants, users } from '../../platform/db/schema/index.ts';

export type TLoginAttempt = typeof loginAttempts.$inferInsert;

export function createAuthRepository(db: Executor) {
  return {
    /** Whether a business already has a name that looks like `name` (the unique key decides races). */
    async tenantNameTaken(name: string): Promise<boolean> {
      const key = businessNameKey(name);
      const [row] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(or(eq(tenants.nameKey, key), sql`lower(${tenants.name}) = lower(${name})`))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Gives businesses registered before names were compared by key their key (at start-up). Of two old
     * names that look alike the first keeps the key; the other stays without and signs in by its exact name.
     */
    async fillMissingNameKeys(): Promise<number> {
      const missing = await db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(isNull(tenants.nameKey))
        .orderBy(tenants.id);
      const keys = missing.map((tenant) => ({ id: tenant.id, key: businessNameKey(tenant.name) }));
      if (keys.length === 0) return 0;
      const filled = await rowsOf<{ id: number }>(
        db,
        sql`
        update ${tenants} set name_key = fill.key
        from (select distinct on (key) id, key from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
              as k(id integer, key text) order by key, id) as fill
        where ${tenants.id} = fill.id
          and not exists (select 1 from ${tenants} taken where taken.name_key = fill.key)
        returning ${tenants.id}`,
      );
      return filled.length;
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
      const [row] = await db
        .insert(tenants)
        .values({ name, nameKey: businessNameKey(name) })
        .returning({ id: tenants.id });
      return row!.id;
    },

    async insertUser(user: typeof users.$inferInsert): Promise<number> {
      const [row] = await db.insert(users).values(user).returning({ id: users.id });
      return row!.id;
    },

    /** The MD of the business whose name looks like `name` (its exact spelling first, for names kept from before). */
    async findMdByBusinessName(name: string) {
      const [row] = await db
        .select({
          id: users.id,
          tenantId: users.tenantId,
          passwordHash: users.passwordHash,
          username: tenants.name,
          email: users.email,
        })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(
          and(
            or(
              eq(tenants.nameKey, businessNameKey(name)),
              and(isNull(tenants.nameKey), sql`lower(${tenants.name}) = lower(${name})`),
            ),
            eq(users.role, 'md'),
          ),
        )
        .orderBy(sql`lower(${tenants.name}) = lower(${name}) desc`, tenants.id)
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
          email: users.email,
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

    /**
     * Failed attempts since `since` from browsers the account had not signed in from, for one account
     * identifier or one address: how many, and when the last was.
     */
    async failuresSince(
      filter: { kind: 'md' | 'employee'; identifier: string } | { ip: string },
      since: Date,
    ): Promise<{ count: number; last: Date | null }> {
      const scope =
        'ip' in filter
          ? eq(loginAttempts.ip, filter.ip)
          : and(eq(loginAttempts.accountKind, filter.kind), eq(loginAttempts.identifier, filter.identifier));
      const [row] = await db
        .select({ n: count(), last: max(loginAttempts.createdAt) })
        .from(loginAttempts)
        .where(
          and(
            scope,
            eq(loginAttempts.success, false),
            eq(loginAttempts.knownDevice, false),
            ne(loginAttempts.reason, 'rate_limited'),
            gte(loginAttempts.createdAt, since),
          ),
        );
      return { count: row?.n ?? 0, last: row?.last ?? null };
    },

    /** Whether the browser holding this device cookie has signed this account in before. */
    async isKnownDevice(userId: number, tokenHash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: loginDevices.id })
        .from(loginDevices)
        .where(and(eq(loginDevices.userId, userId), eq(loginDevices.tokenHash, tokenHash)))
        .limit(1);
      return row !== undefined;
    },

    async rememberDevice(userId: number, tokenHash: string): Promise<void> {
      await db
        .insert(loginDevices)
        .values({ userId, tokenHash })
        .onConflictDoUpdate({
          target: [loginDevices.tokenHash, loginDevices.userId],
          set: { lastUsedAt: sql`now()` },
        });
    },

    /**
     * Marks that the account's owner is being told of repeated failures; false when they were told less
     * than `since` ago (so one wave of guessing sends one e-mail, whichever process sees it).
     */
    async claimLoginAlert(userId: number, since: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ loginAlertSentAt: sql`now()` })
        .where(
          and(
            eq(users.id, userId),
            or(isNull(users.loginAlertSentAt), sql`${users.loginAlertSentAt} < ${since.toISOString()}`),
          ),
        )
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type TAuthRepository = ReturnType<typeof createAuthRepository>;
