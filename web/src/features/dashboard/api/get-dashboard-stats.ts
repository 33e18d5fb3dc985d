import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export type TDashboardStats = {
  total_sales: number;
  inventory_items: number;
  active_customers: number;
  employees: number;
};

export const getDashboardStats = () => api.get<Partial<TDashboardStats>>('/dashboard/dashboard-stats');

export const getDashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.stats(), queryFn: getDashboardStats });

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
