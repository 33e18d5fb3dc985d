import { and, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { TPaidPlanKey } from '@app/domain/schemas/billing';
import type { Executor } from '../../platform/db/client.ts';
import { planPayments, planRenewals, tenants, users } from '../../platform/db/schema/index.ts';

export type TPlanPaymentRow = typeof planPayments.$inferSelect;
export type TPlanRenewalRow = typeof planRenewals.$inferSelect;

export type TDueRenewal = {
  tenantId: number;
  planKey: TPaidPlanKey;
  authorizationCode: string;
  expiresAt: Date;
};

/** The only SQL of billing: plan payments, how plans renew, and the MD a notice goes to. */
export function createBillingRepository(db: Executor) {
  return {
    async insertPayment(values: typeof planPayments.$inferInsert): Promise<TPlanPaymentRow> {
      const [row] = await db.insert(planPayments).values(values).returning();
      return row!;
    },

    async paymentByReference(reference: string): Promise<TPlanPaymentRow | undefined> {
      const [row] = await db.select().from(planPayments).where(eq(planPayments.reference, reference));
      return row;
    },

    /** Locks the payment for the rest of the transaction: a payment starts a plan once. */
    async lockPayment(id: number): Promise<TPlanPaymentRow> {
      const [row] = await db.select().from(planPayments).where(eq(planPayments.id, id)).for('update');
      return row!;
    },

    async updatePayment(id: number, values: Partial<typeof planPayments.$inferInsert>): Promise<void> {
      await db.update(planPayments).set(values).where(eq(planPayments.id, id));
    },

    /** Ends a payment that never started a plan (failed, abandoned or refused); a started one stays. */
    async closeUnactivatedPayment(
      id: number,
      status: 'failed' | 'abandoned',
      reason: string,
    ): Promise<boolean> {
      const rows = await db
        .update(planPayments)
        .set({ status, failureReason: reason })
        .where(and(eq(planPayments.id, id), isNull(planPayments.activatedAt)))
        .returning({ id: planPayments.id });
      return rows.length > 0;
    },

    /**
     * Takes up to `limit` payments still pending that started before `before`, the least recently checked first
     * (never checked before any), and marks them checked at `now`: the next pass starts with the others. Call it
     * in a transaction: rows another process is taking at the same moment are skipped.
     */
    async takeStalePendingPayments(before: Date, now: Date, limit: number): Promise<TPlanPaymentRow[]> {
      const rows = await db
        .select()
        .from(planPayments)
        .where(and(eq(planPayments.status, 'pending'), lt(planPayments.createdAt, before)))
        .orderBy(sql`${planPayments.lastCheckedAt} asc nulls first`, planPayments.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (rows.length > 0)
        await db
          .update(planPayments)
          .set({ lastCheckedAt: now })
          .where(
            inArray(
              planPayments.id,
              rows.map((row) => row.id),
            ),
          );
      return rows;
    },

    /** Closes a checkout still pending (and not started) as abandoned: the row as it was, or null when it was not. */
    async abandonPendingPayment(id: number, reason: string): Promise<TPlanPaymentRow | null> {
      const [row] = await db.select().from(planPayments).where(eq(planPayments.id, id)).for('update');
      if (!row || row.status !== 'pending' || row.activatedAt) return null;
      await db
        .update(planPayments)
        .set({ status: 'abandoned', failureReason: reason })
        .where(eq(planPayments.id, id));
      return row;
    },

    async paymentsPage(
      tenantId: number,
      query: { before?: number | undefined; limit: number; count: boolean },
    ) {
      const mine = eq(planPayments.tenantId, tenantId);
      const rows = await db
        .select()
        .from(planPayments)
        .where(query.before ? and(mine, lt(planPayments.id, query.before)) : mine)
        .orderBy(desc(planPayments.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      return {
        rows: page,
        nextBefore: rows.length > query.limit ? page[page.length - 1]!.id : null,
        total: query.count ? await db.$count(planPayments, mine) : null,
      };
    },

    /** The business is on Pro (the plan bought) until `end`. */
    async startPlan(tenantId: number, planKey: TPaidPlanKey, end: Date): Promise<void> {
      await db
        .update(tenants)
        .set({ plan: 'pro', planKey, planExpiresAt: end })
        .where(eq(tenants.id, tenantId));
    },

    async renewal(tenantId: number): Promise<TPlanRenewalRow | undefined> {
      const [row] = await db.select().from(planRenewals).where(eq(planRenewals.tenantId, tenantId));
      return row;
    },

    /** After a payment started a plan: the card to renew from and the plan it renews (a new checkout turns renewal back on). */
    async saveRenewal(
      tenantId: number,
      values: {
        planKey: TPaidPlanKey;
        authorizationCode: string | null;
        email: string | null;
        resume: boolean;
      },
    ): Promise<void> {
      await db
        .insert(planRenewals)
        .values({
          tenantId,
          planKey: values.planKey,
          authorizationCode: values.authorizationCode,
          email: values.email,
          autoRenew: true,
        })
        .onConflictDoUpdate({
          target: planRenewals.tenantId,
          set: {
            planKey: values.planKey,
            authorizationCode: sql`coalesce(${values.authorizationCode}, ${planRenewals.authorizationCode})`,
            email: sql`coalesce(${values.email}, ${planRenewals.email})`,
            autoRenew: values.resume ? true : sql`${planRenewals.autoRenew}`,
            updatedAt: new Date(),
          },
        });
    },

    async lockRenewal(tenantId: number): Promise<TPlanRenewalRow | undefined> {
      const [row] = await db
        .select()
        .from(planRenewals)
        .where(eq(planRenewals.tenantId, tenantId))
        .for('update');
      return row;
    },

    async setAutoRenew(tenantId: number, autoRenew: boolean): Promise<void> {
      await db
        .update(planRenewals)
        .set({ autoRenew, updatedAt: new Date() })
        .where(eq(planRenewals.tenantId, tenantId));
    },

    /**
     * Pro plans that end within `ahead` (and ended no longer than `grace` ago) whose renewal is on, has a
     * card, and was not yet tried for this end.
     */
    async dueRenewals(now: Date, aheadMs: number, graceMs: number, limit: number): Promise<TDueRenewal[]> {
      const rows = await db
        .select({
          tenantId: planRenewals.tenantId,
          planKey: planRenewals.planKey,
          authorizationCode: planRenewals.authorizationCode,
          expiresAt: tenants.planExpiresAt,
        })
        .from(planRenewals)
        .innerJoin(tenants, eq(tenants.id, planRenewals.tenantId))
        .where(
          and(
            eq(planRenewals.autoRenew, true),
            sql`${planRenewals.authorizationCode} is not null`,
            eq(tenants.plan, 'pro'),
            lte(tenants.planExpiresAt, new Date(now.getTime() + aheadMs)),
            gt(tenants.planExpiresAt, new Date(now.getTime() - graceMs)),
            sql`${planRenewals.lastAttemptFor} is distinct from ${tenants.planExpiresAt}`,
          ),
        )
        .orderBy(tenants.planExpiresAt)
        .limit(limit);
      return rows.map((row) => ({
        ...row,
        authorizationCode: row.authorizationCode!,
        expiresAt: row.expiresAt!,
      }));
    },

    /** Claims the renewal of the plan ending at `expiresAt`: true once, for one process. */
    async claimRenewal(tenantId: number, expiresAt: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(planRenewals)
        .set({ lastAttemptFor: expiresAt, lastAttemptAt: now })
        .where(
          and(
            eq(planRenewals.tenantId, tenantId),
            eq(planRenewals.autoRenew, true),
            sql`${planRenewals.lastAttemptFor} is distinct from ${expiresAt.toISOString()}::timestamptz`,
          ),
        )
        .returning({ tenantId: planRenewals.tenantId });
      return rows.length > 0;
    },

    /** The business's MD: who a payment notice goes to and who the trail names for an automatic change. */
    async managingDirector(tenantId: number): Promise<{ id: number; name: string; email: string }> {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.role, 'md')))
        .orderBy(users.id)
        .limit(1);
      if (!row) throw new Error(`tenant ${tenantId} has no MD`);
      return row;
    },
  };
}

export type TBillingRepository = ReturnType<typeof createBillingRepository>;
