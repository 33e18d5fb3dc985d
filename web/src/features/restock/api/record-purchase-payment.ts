import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TPurchase, TPurchasePaymentRequest } from '../restock-types';
import { restockKeys } from './restock-keys';

export type TRecordPaymentInput = {
  purchaseId: number;
  body: TPurchasePaymentRequest;
  idempotencyKey: string;
};

export const recordPurchasePayment = ({ purchaseId, body, idempotencyKey }: TRecordPaymentInput) =>
  api.post<{ purchase: TPurchase }>(`/restock/${purchaseId}/payments`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useRecordPurchasePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPurchasePayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restockKeys.purchases() }),
  });
}
