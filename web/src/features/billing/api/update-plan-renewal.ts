import type { TPlanRenewal, TPlanRenewalRequest } from '@app/domain/schemas/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/api/billing-keys';

export const updatePlanRenewal = (request: TPlanRenewalRequest) =>
  api.put<TPlanRenewal>('/billing/renewal', request);

export function useUpdatePlanRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlanRenewal,
    onSuccess: (renewal) => queryClient.setQueryData(billingKeys.renewal(), renewal),
  });
}
