import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/csv';

export const CUSTOMERS_CSV_NAME = 'customer_list.csv';
export const CUSTOMERS_XLSX_NAME = 'customer_list.xlsx';

export type TCustomerExportFormat = 'csv' | 'xlsx';

/**
 * The server writes the file (the whole matching list, not just the page shown): the spec's CSV, or an
 * Excel workbook whose phones keep their leading 0.
 */
export const exportCustomers = async ({
  search,
  format,
}: {
  search: string;
  format: TCustomerExportFormat;
}) =>
  downloadBlob(
    format === 'csv' ? CUSTOMERS_CSV_NAME : CUSTOMERS_XLSX_NAME,
    await api.getBlob(format === 'csv' ? '/customers/export' : '/customers/export/xlsx', {
      query: { search: search || undefined },
    }),
  );

export function useExportCustomers() {
  return useMutation({ mutationFn: exportCustomers });
}
