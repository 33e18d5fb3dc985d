import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export const deleteProforma = (proformaId: number) =>
  api.delete<{ success: boolean; message: string }>(`/sales/proforma/${proformaId}`);

export function useDeleteProforma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProforma,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.proformas() }),
  });
}
