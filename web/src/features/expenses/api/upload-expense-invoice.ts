import type { TStoredFile } from '@app/domain/files/uploads';
import { api } from '../../../lib/api-client';

/** A chosen file goes as multipart; a camera photo as base64 (spec 3 §7). */
export async function uploadExpenseInvoice(file: File, source: 'file' | 'camera'): Promise<TStoredFile> {
  if (source === 'file') {
    const data = new FormData();
    // Fields before the file: the server reads the ones that precede it.
    data.append('desired_name', file.name);
    data.append('invoice_file', file, file.name);
    return api.upload<TStoredFile>('/expenses/upload-invoice', data);
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
