import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { salesKeys } from './api/sales-keys';

export type TSaleCustomer = { name: string; phone: string | null };

export const getSaleCustomers = () => api.get<TSaleCustomer[]>('/sales/customers');

export const getSaleCustomersQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.customers(), queryFn: getSaleCustomers, staleTime: 60_000 });

/** Known customers (customer list and past sales) to pick from; the form works without them. */
export function useSaleCustomers() {
  return useQuery(getSaleCustomersQueryOptions());
}
