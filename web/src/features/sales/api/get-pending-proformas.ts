import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProforma } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export const getPendingProformas = (customerName: string) =>
  api.get<TProforma[]>('/sales/proforma/pending', { query: { customer_name: customerName } });

export const getPendingProformasQueryOptions = (customerName: string) =>
  queryOptions({
    queryKey: salesKeys.pendingProformas(customerName),
    queryFn: () => getPendingProformas(customerName),
  });

/** A customer's pending proformas; idle until a name is typed. */
export function usePendingProformas(customerName: string) {
  return useQuery({ ...getPendingProformasQueryOptions(customerName), enabled: customerName.length > 0 });
}
