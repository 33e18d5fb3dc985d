import type { TPriceLimits, TPriceLimitsRequest } from '@app/domain/schemas/price-limits';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { createPriceLimitsRepository } from './price-limits.repository.ts';

async function read(db: Executor, tenantId: number): Promise<TPriceLimits> {
  return { max_discount_percent: await createPriceLimitsRepository(db).maxDiscount(tenantId) };
}

/** Settings → Discounts (issue 17 §4): the business's maximum discount for staff. */
export function createPriceLimitsService(deps: { db: Database }) {
  return {
    get: (actor: TActor) => read(deps.db, actor.tenantId),

    async update(actor: TActor, input: TPriceLimitsRequest): Promise<TPriceLimits> {
      return deps.db.transaction(async (tx) => {
        const before = await read(tx, actor.tenantId);
        await createPriceLimitsRepository(tx).setMaxDiscount(actor.tenantId, input.max_discount_percent);
        const after = await read(tx, actor.tenantId);
        await writeAudit(tx, actor, {
          kind: 'price_limits.changed',
          recordType: 'price_limits',
          recordId: actor.tenantId,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type TPriceLimitsService = ReturnType<typeof createPriceLimitsService>;
