import { useMutation } from '@tanstack/react-query';
import type { TPdfFormat } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import type { TPdfFile } from '@app/domain/schemas/sales';

export type TReceiptPdfInput = {
  customer_name: string;
  date_raw: string;
  pdf_format: TPdfFormat;
  sale_id?: number;
};

/** Sent as a form, as the earlier product did; the server takes JSON too. */
export const getReceiptPdf = ({ sale_id, ...fields }: TReceiptPdfInput) =>
  api.post<TPdfFile>('/sales/receipt/pdf', undefined, {
    form: sale_id === undefined ? fields : { ...fields, sale_id: String(sale_id) },
  });

export function useReceiptPdf() {
  return useMutation({ mutationFn: getReceiptPdf });
}
