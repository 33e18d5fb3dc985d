import { api } from '../../../lib/api-client';

export type TSaleInvoiceUpload = { invoice_file_url: string; file_id: number; content_type: string };

export const uploadSaleInvoice = (file: File) => {
  const data = new FormData();
  data.append('invoice_file', file, file.name);
  return api.upload<TSaleInvoiceUpload>('/sales/upload-invoice', data);
};
