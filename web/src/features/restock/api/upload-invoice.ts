import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const uploadInvoice = (file: File) => {
  const data = new FormData();
  // Fields before the file: the server reads the ones that precede it.
  data.append('desired_name', file.name);
  data.append('invoice_file', file, file.name);
  return api.upload<{ invoice_file_url: string }>('/restock/upload-invoice', data);
};

export function useUploadInvoice() {
  return useMutation({ mutationFn: uploadInvoice });
}
