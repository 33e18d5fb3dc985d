import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { restockKeys } from './restock-keys';
import { invalidateStock } from '../../../lib/stock-queries';

export type TDeletePurchaseInput = { purchase_id: number; purchase_date: string };

export const deletePurchase = ({ purchase_id, purchase_date }: TDeletePurchaseInput) =>
  api.delete<{ success: boolean; message?: string }>('/restock/delete-by-id-date', {
    query: { purchase_id, purchase_date },
  });

export function useDeletePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePurchase,
    // The stock of the purchase's item changes too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: restockKeys.all }),
        invalidateStock(queryClient),
      ]),
  });
}
