import { useState } from 'react';
import type { TSale } from '@app/domain/schemas/sales';
import type { TPdfFormat } from '@app/domain/schemas/sales';
import { useReceiptPdf } from '../api/get-receipt-pdf';
import { downloadPdf, printPdf } from './pdf-file';
import { RECEIPT_MESSAGES } from './receipt-messages';
import { failureText, notifySaleError } from './sale-form-notify';

export type TReceiptAction = { kind: 'print' } | { kind: 'download'; format: TPdfFormat };

/** What a receipt's files need of its sale. */
export type TReceiptSale = Pick<TSale, 'sale_id' | 'sale_number' | 'customer_name' | 'sale_date'>;

/**
 * A sale's receipt from the server (POST /sales/receipt/pdf): printed (A4) or downloaded as A4 or
 * thermal; `busy` names the sale and action being prepared.
 */
export function useReceiptFiles() {
  const pdf = useReceiptPdf();
  const [busy, setBusy] = useState<{ saleId: number; action: TReceiptAction } | null>(null);

  const act = (sale: TReceiptSale, action: TReceiptAction) => {
    const format = action.kind === 'print' ? 'A4' : action.format;
    setBusy({ saleId: sale.sale_id, action });
    pdf.mutate(
      {
        customer_name: sale.customer_name,
        date_raw: sale.sale_date,
        pdf_format: format,
        sale_id: sale.sale_id,
      },
      {
        onSuccess: (file) => {
          if (action.kind === 'print') printPdf(file);
          else downloadPdf(file, `receipt_${sale.sale_number}${format === 'thermal' ? '_thermal' : ''}.pdf`);
        },
        onError: (error) => notifySaleError(failureText(RECEIPT_MESSAGES.pdfFailure, error)),
        onSettled: () => setBusy(null),
      },
    );
  };

  return { busy, act };
}
