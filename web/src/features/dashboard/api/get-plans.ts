import type { TPlanKey } from '@app/domain/plans/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export type TPlanOffer = {
  key: TPlanKey;
  name: string;
  /** Naira. */
  price: number;
  duration_days: number | null;
  tag: string | null;
  features: string[];
};

export type TPlansResponse = { plans: TPlanOffer[]; yearly_saving?: number };

export const getPlans = () => api.get<TPlansResponse>('/dashboard/plans');

export const getPlansQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.plans(), queryFn: getPlans, staleTime: 10 * 60_000 });

export function usePlans(enabled: boolean) {
  return useQuery({ ...getPlansQueryOptions(), enabled });
}
