import type { TReviewMark, TReviewMarkRequest } from '@app/domain/schemas/admin-review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminReviewKeys } from './admin-review-keys';

export const markRecord = (mark: TReviewMarkRequest) => api.post<TReviewMark>('/admin-review/marks', mark);

/** Verify or flag a record: it leaves its unverified list (and a flag joins the Flagged list). */
export function useMarkRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRecord,
    onSuccess: (_mark, request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminReviewKeys.unverified(request.record_type) }),
        queryClient.invalidateQueries({ queryKey: adminReviewKeys.flags() }),
      ]),
  });
}
