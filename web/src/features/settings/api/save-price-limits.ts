import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPriceLimits, TPriceLimitsRequest } from '@app/domain/schemas/price-limits';
import { api } from '../../../lib/api-client';
import { priceLimitsKey } from './get-price-limits';

export const savePriceLimits = (limits: TPriceLimitsRequest) =>
  api.put<TPriceLimits>('/settings/price-limits', limits);

export function useSavePriceLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePriceLimits,
    onSuccess: (limits) => queryClient.setQueryData(priceLimitsKey(), limits),
  });
}
