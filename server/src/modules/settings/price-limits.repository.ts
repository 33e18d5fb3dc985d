import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { salesSettings } from '../../platform/db/schema/index.ts';

export function createPriceLimitsRepository(db: Executor) {
  return {
    /** The business's maximum discount in percent; null when none is set. */
    async maxDiscount(tenantId: number): Promise<number | null> {
      const [row] = await db
        .select({ max: salesSettings.maxDiscountPercent })
        .from(salesSettings)
        .where(eq(salesSettings.tenantId, tenantId));
      return row?.max ?? null;
    },

    async setMaxDiscount(tenantId: number, percent: number | null): Promise<void> {
      const values = { maxDiscountPercent: percent, updatedAt: new Date() };
      await db
        .insert(salesSettings)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: salesSettings.tenantId, set: values });
    },
  };
}
