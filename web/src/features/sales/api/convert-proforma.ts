import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConversionResult, TProformaConvertRequest } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/api/get-subscription-status';
import { salesKeys } from './sales-keys';
import { invalidateStock } from '../../../lib/stock-queries';

export type TConvertProformaInput = {
  proformaId: number;
  body: TProformaConvertRequest;
  idempotencyKey: string;
};

export const convertProforma = ({ proformaId, body, idempotencyKey }: TConvertProformaInput) =>
  api.post<TConversionResult>(`/sales/proforma/${proformaId}/convert`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useConvertProforma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertProforma,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: salesKeys.proformas() }),
        queryClient.invalidateQueries({ queryKey: salesKeys.lists() }),
        // Stock went out of the warehouse.
        invalidateStock(queryClient),
        // A converted proforma is one more transaction on the plan.
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
}
