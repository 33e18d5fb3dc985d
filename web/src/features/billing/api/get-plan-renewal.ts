import type { TPlanRenewal } from '@app/domain/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/api/billing-keys';

export const getPlanRenewal = () => api.get<TPlanRenewal>('/billing/renewal');

export const getPlanRenewalQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.renewal(), queryFn: getPlanRenewal });

export function usePlanRenewal() {
  return useQuery(getPlanRenewalQueryOptions());
}
