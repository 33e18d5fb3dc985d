import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/csv';

export const CUSTOMERS_CSV_NAME = 'customer_list.csv';

/** The server writes the CSV (the whole matching list, not just the page shown). */
export const exportCustomers = async (search: string) =>
  downloadBlob(
    CUSTOMERS_CSV_NAME,
    await api.getBlob('/customers/export', { query: { search: search || undefined } }),
  );

export function useExportCustomers() {
  return useMutation({ mutationFn: exportCustomers });
}
