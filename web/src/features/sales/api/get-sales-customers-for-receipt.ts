import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type TReceiptCustomer = { name: string; phone: string | null };

/** Distinct customers from the customer list and from sales. */
export const getSalesCustomers = () => api.get<TReceiptCustomer[]>('/sales/customers');

export const getSalesCustomersQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.customers(), queryFn: getSalesCustomers });

export function useSalesCustomers(enabled = true) {
  return useQuery({ ...getSalesCustomersQueryOptions(), enabled });
}
