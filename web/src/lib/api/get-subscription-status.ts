import { queryOptions, useQuery } from '@tanstack/react-query';
import { FREE_TRANSACTION_LIMIT } from '@app/domain/plans/plans';
import type { TSubscriptionStatus } from '@app/domain/schemas/billing';
import { api } from '../api-client';
import type { TOutboxRecord } from '../offline/db';

export type { TSubscriptionStatus } from '@app/domain/schemas/billing';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  status: () => [...subscriptionKeys.all, 'status'] as const,
};

export const getSubscriptionStatus = () => api.get<TSubscriptionStatus>('/dashboard/subscription-status');

export const getSubscriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.status(), queryFn: getSubscriptionStatus });

export function useSubscriptionStatus(enabled = true) {
  return useQuery({ ...getSubscriptionStatusQueryOptions(), enabled });
}

/** Pro whose expiry is still ahead; an expired pro plan is treated as free (spec 1 §4). */
export function isProActiveStatus(status: TSubscriptionStatus | undefined, now = new Date()): boolean {
  if (!status || status.plan !== 'pro' || !status.is_active) return false;
  return !status.expires_at || new Date(status.expires_at).getTime() > now.getTime();
}

/** Free plan, or pro but inactive: the upgrade prompts and the free limit apply. */
export function isOnFreeTerms(status: TSubscriptionStatus | undefined): boolean {
  return Boolean(status) && !isProActiveStatus(status);
}

export function transactionLimit(status: TSubscriptionStatus | undefined): number {
  return status?.transaction_limit ?? FREE_TRANSACTION_LIMIT;
}

/** The free limit is used up: sections other than the dashboard are locked. */
export function isFreeLimitReached(status: TSubscriptionStatus | undefined): boolean {
  return isOnFreeTerms(status) && (status?.transaction_count ?? 0) >= transactionLimit(status);
}

/**
 * What the free plan has left as this device sees it: the server's count, less the sales and expenses waiting
 * here to sync (each takes one when it lands; a refused one takes none unless it is sent again).
 */
export function freeTransactionsRemaining(status: TSubscriptionStatus, records: readonly TOutboxRecord[]) {
  const waiting = records.filter(
    (record) => (record.kind === 'sale' || record.kind === 'expense') && record.status !== 'needs_attention',
  ).length;
  return Math.max(0, transactionLimit(status) - (status.transaction_count ?? 0) - waiting);
}
