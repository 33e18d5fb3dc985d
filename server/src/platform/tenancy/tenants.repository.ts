import { eq } from 'drizzle-orm';
import type { TSubscriptionState } from '@app/domain/plans/plans';
import type { Executor } from '../db/client.ts';
import { tenants } from '../db/schema/index.ts';

export type TTenantPlan = TSubscriptionState & { createdAt: Date; name: string };

/** The columns of a business's plan, for a query that reads them with other things. */
export const planColumns = {
  name: tenants.name,
  plan: tenants.plan,
  expires_at: tenants.planExpiresAt,
  plan_key: tenants.planKey,
  transaction_count: tenants.transactionCount,
  createdAt: tenants.createdAt,
};

export function createTenantsRepository(db: Executor) {
  return {
    async plan(tenantId: number): Promise<TTenantPlan> {
      const [row] = await db.select(planColumns).from(tenants).where(eq(tenants.id, tenantId));
      if (!row) throw new Error(`tenant ${tenantId} not found`);
      return row;
    },

    async accessCode(tenantId: number): Promise<{ hash: string | null; updatedAt: Date | null }> {
      const [row] = await db
        .select({ hash: tenants.accessCodeHash, updatedAt: tenants.accessCodeUpdatedAt })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
      return row ?? { hash: null, updatedAt: null };
    },

    async setAccessCode(tenantId: number, hash: string): Promise<void> {
      await db
        .update(tenants)
        .set({ accessCodeHash: hash, accessCodeUpdatedAt: new Date() })
        .where(eq(tenants.id, tenantId));
    },

    /**
     * Locks the tenant row for the rest of the transaction: serialises plan-limited creations. NO KEY
     * UPDATE, because the transaction's own inserts already hold KEY SHARE on the row (their tenant_id
     * foreign keys): FOR UPDATE would wait on the other transactions' KEY SHARE and they on it (deadlock).
     */
    async lockPlan(tenantId: number): Promise<TTenantPlan> {
      const [row] = await db
        .select(planColumns)
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .for('no key update');
      if (!row) throw new Error(`tenant ${tenantId} not found`);
      return row;
    },
  };
}
