import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProformaInvoiceUpload } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export const uploadProformaInvoice = ({ proformaId, file }: { proformaId: number; file: File }) => {
  const data = new FormData();
  data.append('invoice_file', file, file.name);
  return api.upload<TProformaInvoiceUpload>(`/sales/proforma/${proformaId}/upload-invoice`, data);
};

export function useUploadProformaInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProformaInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.proformas() }),
  });
}
