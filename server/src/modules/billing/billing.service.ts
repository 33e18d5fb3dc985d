import {
  buildPlans,
  FREE_TRANSACTION_LIMIT,
  freeTransactionsRemaining,
  isProActive,
  type TPlanPrices,
  yearlySavingKobo,
} from '@app/domain/plans/plans';
import { koboToNaira } from '@app/domain/money/money';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { createTenantsRepository } from '../../platform/tenancy/tenants.repository.ts';

export function createBillingService(deps: { db: Database; prices: TPlanPrices }) {
  const tenants = createTenantsRepository(deps.db);

  async function subscriptionStatus(actor: TActor) {
    const plan = await tenants.plan(actor.tenantId);
    const active = isProActive(plan, new Date());
    return {
      plan: plan.plan,
      is_active: plan.plan === 'free' ? true : active,
      expires_at: plan.expires_at?.toISOString() ?? null,
      created_at: plan.createdAt.toISOString(),
      transaction_count: plan.transaction_count,
      transaction_limit: active ? null : FREE_TRANSACTION_LIMIT,
      transactions_remaining: active ? null : freeTransactionsRemaining(plan.transaction_count),
    };
  }

  function plans() {
    return {
      plans: buildPlans(deps.prices).map(({ price_kobo, ...plan }) => ({
        ...plan,
        price: koboToNaira(price_kobo),
      })),
      yearly_saving: koboToNaira(yearlySavingKobo(deps.prices)),
    };
  }

  return { subscriptionStatus, plans };
}

export type TBillingService = ReturnType<typeof createBillingService>;
