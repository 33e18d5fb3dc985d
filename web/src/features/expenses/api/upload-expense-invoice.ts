import type { TStoredFile } from '@app/domain/files/uploads';
import { api } from '../../../lib/api-client';
import type { TOutboxAttachment } from '../../../lib/offline/db';

const UPLOAD_PATH = '/expenses/upload-invoice';
const FILE_FIELD = 'invoice_file';

/** A chosen file goes as multipart; a camera photo as base64 (spec 3 §7). */
export async function uploadExpenseInvoice(file: File, source: 'file' | 'camera'): Promise<TStoredFile> {
  if (source === 'file') {
    const data = new FormData();
    // Fields before the file: the server reads the ones that precede it.
    data.append('desired_name', file.name);
    data.append(FILE_FIELD, file, file.name);
    return api.upload<TStoredFile>(UPLOAD_PATH, data);
  }
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Failed to process captured image'));
    reader.readAsDataURL(file);
  });
  return api.post<TStoredFile>('/expenses/upload-invoice-base64', {
    data_base64: dataUrl,
    filename: file.name,
    content_type: file.type,
  });
}

/**
 * The invoice of an expense kept on the device (chosen or photographed offline): the sync engine uploads it as
 * a file before it sends the expense.
 */
export const expenseInvoiceAttachment = async (file: File): Promise<TOutboxAttachment> => ({
  path: UPLOAD_PATH,
  formField: FILE_FIELD,
  fields: { desired_name: file.name },
  fileName: file.name,
  type: file.type,
  bytes: await file.arrayBuffer(),
  bodyField: 'invoice_file_url',
});
