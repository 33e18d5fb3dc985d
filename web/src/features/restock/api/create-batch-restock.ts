import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/api/get-subscription-status';
import type { TBatchRestockRequest, TBatchRestockResponse } from '../restock-types';
import { restockKeys } from './restock-keys';
import { invalidateStock } from '../../../lib/stock-queries';

export type TBatchRestockInput = { body: TBatchRestockRequest; idempotencyKey: string };

export const createBatchRestock = ({ body, idempotencyKey }: TBatchRestockInput) =>
  api.post<TBatchRestockResponse>('/restock/batch', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function useCreateBatchRestock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBatchRestock,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: restockKeys.purchases() }),
        invalidateStock(queryClient),
        // One more transaction on the plan.
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
}
