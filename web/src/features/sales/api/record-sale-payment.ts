import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSale, TSalePaymentRequest } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type TRecordSalePaymentInput = {
  saleId: number;
  body: TSalePaymentRequest;
  idempotencyKey: string;
};

export const recordSalePayment = ({ saleId, body, idempotencyKey }: TRecordSalePaymentInput) =>
  api.post<{ success: boolean; message: string; sale: TSale }>(`/sales/${saleId}/payments`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useRecordSalePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordSalePayment,
    // A settled sale leaves Pending; the List shows its new status; the report its paid total.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.all }),
  });
}
