import type { TPlanPayment } from '@app/domain/schemas/billing';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/api/billing-keys';

export const PAYMENTS_PAGE_SIZE = 10;

/** One page of the MD's plan payments, newest first; `before` is the last id already shown. */
export const getPlanPayments = (before: number | null) =>
  api.get<TPlanPayment[]>('/billing/payments', {
    query: { limit: PAYMENTS_PAGE_SIZE, ...(before ? { before } : {}) },
  });

export const getPlanPaymentsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: billingKeys.payments(),
    queryFn: ({ pageParam }) => getPlanPayments(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last: TPlanPayment[]) =>
      last.length < PAYMENTS_PAGE_SIZE ? null : (last[last.length - 1]?.id ?? null),
  });

export function usePlanPayments() {
  return useInfiniteQuery(getPlanPaymentsQueryOptions());
}
