import type { TItemDeleted } from '@app/domain/schemas/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';
import { invalidateStock } from '../../../lib/stock-queries';

export type TDeleteItemResponse = TItemDeleted;

/** The item leaves every list; its history stays. */
export const deleteItem = (itemId: number) => api.delete<TDeleteItemResponse>(`/inventory/item/${itemId}`);

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
        invalidateStock(queryClient),
      ]),
  });
}
