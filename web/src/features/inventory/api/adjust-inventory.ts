import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TAdjustmentField } from './get-adjustments';
import { inventoryKeys } from './inventory-keys';
import { invalidateStock } from '../../../lib/stock-queries';

export type TAdjustInventoryInput = {
  itemId: number;
  logDate: string;
  field: TAdjustmentField;
  value: number;
  notes: string;
};
export type TAdjustInventoryResponse = { success?: boolean; message?: string };

/** Sets that day's supplied, stock-out or returned figure; the ledger records the difference. */
export const adjustInventory = ({ itemId, logDate, field, value, notes }: TAdjustInventoryInput) =>
  api.patch<TAdjustInventoryResponse>(`/inventory/update/${itemId}`, {
    log_date: logDate,
    notes: notes.trim() || undefined,
    [field]: value,
  });

export function useAdjustInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustInventory,
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
        invalidateStock(queryClient),
      ]),
  });
}
