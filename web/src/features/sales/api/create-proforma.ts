import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProformaCreated, TProformaRequest } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type TCreateProformaAnswer = TProformaCreated;

export type TCreateProformaInput = { body: TProformaRequest; idempotencyKey: string };

export const createProforma = ({ body, idempotencyKey }: TCreateProformaInput) =>
  api.post<TCreateProformaAnswer>('/sales/proforma', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useCreateProforma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProforma,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.proformas() }),
  });
}
