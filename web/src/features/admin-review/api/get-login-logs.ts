import type { TLoginLogPage } from '@app/domain/schemas/admin-review';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loginLogQuery, type TLoginLogFilters } from '../utils/login-log-filters';
import { adminReviewKeys } from './admin-review-keys';

export const REVIEW_PAGE_SIZE = 20;

/** One page of the business's sign-in attempts, newest first; `before` is the last id already shown. */
export const getLoginLogs = (filters: TLoginLogFilters, before: number | null) =>
  api.get<TLoginLogPage>('/admin-review/login-logs', {
    query: { ...loginLogQuery(filters), limit: REVIEW_PAGE_SIZE, ...(before ? { before } : {}) },
  });

export function useLoginLogs(filters: TLoginLogFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminReviewKeys.loginLogs(filters),
      queryFn: ({ pageParam }) => getLoginLogs(filters, pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (last: TLoginLogPage) => last.next_before,
    }),
  );
}
