import type { TAuditPage } from '@app/domain/schemas/audit';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditQuery, type TAuditFilters } from '../utils/audit-filters';
import { adminReviewKeys } from './admin-review-keys';
import { REVIEW_PAGE_SIZE } from './get-login-logs';

/** One page of the audit trail, newest first; `before` is the last id already shown. */
export const getAudit = (filters: TAuditFilters, before: number | null) =>
  api.get<TAuditPage>('/audit', {
    query: { ...auditQuery(filters), limit: REVIEW_PAGE_SIZE, ...(before ? { before } : {}) },
  });

export function useAudit(filters: TAuditFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminReviewKeys.audit(filters),
      queryFn: ({ pageParam }) => getAudit(filters, pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (last: TAuditPage) => last.next_before,
    }),
  );
}
