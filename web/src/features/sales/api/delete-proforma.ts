import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export const deleteProforma = (proformaId: number) =>
  api.delete<{ success: boolean; message: string }>(`/sales/proforma/${proformaId}`);

/** The list is read again either way: a refusal (409, converted meanwhile) shows the proforma as it now stands. */
export function useDeleteProforma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProforma,
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesKeys.proformas() }),
  });
}
