import type { TReviewEmployee } from '@app/domain/schemas/admin-review';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminReviewKeys } from './admin-review-keys';

export const getReviewEmployees = () => api.get<TReviewEmployee[]>('/admin-review/employees');

export function useReviewEmployees() {
  return useQuery({ queryKey: adminReviewKeys.employees(), queryFn: getReviewEmployees });
}
