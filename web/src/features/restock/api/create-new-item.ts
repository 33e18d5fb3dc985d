import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/api/get-subscription-status';
import type { TNewItemRequest, TNewItemResponse } from '../restock-types';
import { restockKeys } from './restock-keys';
import { invalidateStock } from '../../../lib/stock-queries';

export type TCreateNewItemInput = { body: TNewItemRequest; idempotencyKey: string };

export const createNewItem = ({ body, idempotencyKey }: TCreateNewItemInput) =>
  api.post<TNewItemResponse>('/restock/new-item', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function useCreateNewItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNewItem,
    // A new item, perhaps a new warehouse, and a purchase: one more transaction on the plan.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: restockKeys.all }),
        invalidateStock(queryClient),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
}
