import type { TPlans } from '@app/domain/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export type TPlansResponse = TPlans;
export type TPlanOffer = TPlans['plans'][number];

export const getPlans = () => api.get<TPlansResponse>('/dashboard/plans');

export const getPlansQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.plans(), queryFn: getPlans, staleTime: 10 * 60_000 });

export function usePlans(enabled: boolean) {
  return useQuery({ ...getPlansQueryOptions(), enabled });
}
