import type { TReviewMark } from '@app/domain/schemas/admin-review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminReviewKeys } from './admin-review-keys';

export const resolveFlag = (flagId: number) => api.put<TReviewMark>(`/admin-review/flags/${flagId}/resolve`);

/** The MD resolves a flag: it leaves the dashboard and the Flagged list. */
export function useResolveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveFlag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminReviewKeys.flags() }),
  });
}
