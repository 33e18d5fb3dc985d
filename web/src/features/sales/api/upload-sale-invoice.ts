import type { TStoredFile } from '@app/domain/files/uploads';
import { api } from '../../../lib/api-client';

export type TSaleInvoiceUpload = TStoredFile;

export const uploadSaleInvoice = (file: File) => {
  const data = new FormData();
  data.append('invoice_file', file, file.name);
  return api.upload<TSaleInvoiceUpload>('/sales/upload-invoice', data);
};
