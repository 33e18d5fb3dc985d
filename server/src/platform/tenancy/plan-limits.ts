import { FREE_TRANSACTION_LIMIT, isProActive, type TSubscriptionState } from '@app/domain/plans/plans';
import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/client.ts';
import { tenants } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { createTenantsRepository } from './tenants.repository.ts';

export const LIMIT_EXCEEDED = `Free plan limit exceeded: all ${FREE_TRANSACTION_LIMIT} free transactions are used. Upgrade to Pro to continue.`;
export const SUBSCRIPTION_EXPIRED = `Subscription expired and the free plan limit exceeded: all ${FREE_TRANSACTION_LIMIT} free transactions are used. Renew Pro to continue.`;

/**
 * Counts one transaction (a sale, a restock purchase, an expense) against the business's free plan,
 * inside the caller's transaction and under the business row's lock: past the free limit without an
 * active pro plan it refuses with 403 and the caller's transaction records nothing. While pro is
 * active nothing is limited or counted, so a busy business's sales never queue on its row.
 */
export async function consumeTransaction(
  tx: Transaction,
  tenantId: number,
  /** The plan as the caller already read it in this transaction, to save a read. */
  read?: TSubscriptionState,
): Promise<void> {
  const tenantsRepo = createTenantsRepository(tx);
  if (isProActive(read ?? (await tenantsRepo.plan(tenantId)), new Date())) return;
  const plan = await tenantsRepo.lockPlan(tenantId);
  if (!isProActive(plan, new Date()) && plan.transaction_count >= FREE_TRANSACTION_LIMIT) {
    throw new AppError('forbidden', plan.plan === 'pro' ? SUBSCRIPTION_EXPIRED : LIMIT_EXCEEDED);
  }
  await tx
    .update(tenants)
    .set({ transactionCount: sql`${tenants.transactionCount} + 1` })
    .where(eq(tenants.id, tenantId));
}

/**
 * Counts `count` transactions already recorded elsewhere (a business import's) against the free plan, inside
 * the caller's transaction, without refusing: past the limit the next new transaction is refused as usual.
 */
export async function carryTransactions(tx: Executor, tenantId: number, count: number): Promise<void> {
  await tx
    .update(tenants)
    .set({ transactionCount: sql`least(${tenants.transactionCount} + ${count}, 2147483647)` })
    .where(eq(tenants.id, tenantId));
}
