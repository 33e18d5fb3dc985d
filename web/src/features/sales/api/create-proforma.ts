import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProformaCreated, TProformaRequest } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type TCreateProformaAnswer = TProformaCreated;

export const createProforma = (body: TProformaRequest) =>
  api.post<TCreateProformaAnswer>('/sales/proforma', body);

export function useCreateProforma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProforma,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.proformas() }),
  });
}
