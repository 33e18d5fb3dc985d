import type { TReviewRecordPage, TReviewRecordType } from '@app/domain/schemas/admin-review';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminReviewKeys } from './admin-review-keys';
import { REVIEW_PAGE_SIZE } from './get-login-logs';

const PATHS: Record<TReviewRecordType, string> = {
  sale: '/admin-review/unverified-sales',
  expense: '/admin-review/unverified-expenses',
  purchase: '/admin-review/unverified-purchases',
};

/** One page of the records of a kind no reviewer has marked yet, newest first. */
export const getUnverified = (recordType: TReviewRecordType, before: number | null) =>
  api.get<TReviewRecordPage>(PATHS[recordType], {
    query: { limit: REVIEW_PAGE_SIZE, ...(before ? { before } : {}) },
  });

export function useUnverified(recordType: TReviewRecordType) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminReviewKeys.unverified(recordType),
      queryFn: ({ pageParam }) => getUnverified(recordType, pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (last: TReviewRecordPage) => last.next_before,
    }),
  );
}
