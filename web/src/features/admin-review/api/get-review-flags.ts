import type { TReviewFlagPage } from '@app/domain/schemas/admin-review';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminReviewKeys } from './admin-review-keys';
import { REVIEW_PAGE_SIZE } from './get-login-logs';

/** One page of the flags not yet resolved, newest first, each with its record's figures. */
export const getReviewFlags = (before: number | null) =>
  api.get<TReviewFlagPage>('/admin-review/flags', {
    query: { limit: REVIEW_PAGE_SIZE, ...(before ? { before } : {}) },
  });

export function useReviewFlags() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminReviewKeys.flags(),
      queryFn: ({ pageParam }) => getReviewFlags(pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (last: TReviewFlagPage) => last.next_before,
    }),
  );
}
