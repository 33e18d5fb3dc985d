import type { TDashboardStats } from '@app/domain/schemas/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** A figure is null when the user's keys do not show it. */
export type { TDashboardStats } from '@app/domain/schemas/sales';

export const getDashboardStats = () => api.get<Partial<TDashboardStats>>('/dashboard/dashboard-stats');

/** Always refetched when the dashboard opens: a sale recorded a moment ago on another screen counts at once. */
export const getDashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.stats(), queryFn: getDashboardStats, staleTime: 0 });

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
