import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSaleBatchRequest, TSaleRecorded } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/api/get-subscription-status';
import { salesKeys } from './sales-keys';

export type TCreateSaleAnswer = TSaleRecorded;
export type TCreateSaleInput = { body: TSaleBatchRequest; idempotencyKey: string };

export const createSale = ({ body, idempotencyKey }: TCreateSaleInput) =>
  api.post<TCreateSaleAnswer>('/sales/batch', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSale,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: salesKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: salesKeys.allItems() }),
        queryClient.invalidateQueries({ queryKey: salesKeys.customers() }),
        queryClient.invalidateQueries({ queryKey: salesKeys.filterOptions() }),
        // One more transaction on the plan.
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
}
