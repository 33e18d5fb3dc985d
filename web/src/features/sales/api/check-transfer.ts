import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransferCheckResult } from '@app/domain/schemas/bank';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** "Has this transfer arrived?" for every transfer payment of a sale. */
export const checkTransfer = (saleId: number) =>
  api.post<TTransferCheckResult>('/sales/transfer-checks', { sale_id: saleId });

export function useCheckTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkTransfer,
    // The List, Filter and Pending tabs show the sale's new state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.lists() }),
  });
}
