import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TPriceUpdateRequest, TPriceUpdateResponse } from '../restock-types';
import { restockKeys } from './restock-keys';

export const updatePrices = (body: TPriceUpdateRequest) =>
  api.post<TPriceUpdateResponse>('/restock/price-bulk-update', body);

export function useUpdatePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrices,
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({ queryKey: restockKeys.items(body.warehouse_name) }),
  });
}
