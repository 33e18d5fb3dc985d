import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';
import { invalidateStock } from '../../../lib/stock-queries';

/** Deletes the whole sale (every line); the server puts the stock back. */
export const deleteSale = (saleId: number) =>
  api.delete<{ success: boolean; message: string }>(`/sales/${saleId}`);

export function useDeleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    // Lists, pending, the report and receipts all count the sale.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: salesKeys.all }), invalidateStock(queryClient)]),
  });
}
