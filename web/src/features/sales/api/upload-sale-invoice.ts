import type { TStoredFile } from '@app/domain/files/uploads';
import { api } from '../../../lib/api-client';
import type { TOutboxAttachment } from '../../../lib/offline/db';

export type TSaleInvoiceUpload = TStoredFile;

const UPLOAD_PATH = '/sales/upload-invoice';
const FILE_FIELD = 'invoice_file';

export const uploadSaleInvoice = (file: File) => {
  const data = new FormData();
  data.append(FILE_FIELD, file, file.name);
  return api.upload<TSaleInvoiceUpload>(UPLOAD_PATH, data);
};

/** The invoice of a sale kept on the device: the sync engine uploads it before it sends the sale. */
export const saleInvoiceAttachment = async (file: File): Promise<TOutboxAttachment> => ({
  path: UPLOAD_PATH,
  formField: FILE_FIELD,
  fileName: file.name,
  type: file.type,
  bytes: await file.arrayBuffer(),
  bodyField: 'invoice_file_url',
});
