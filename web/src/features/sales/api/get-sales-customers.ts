import type { TSalesCustomer } from '@app/domain/schemas/sales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** How many customers the sale and proforma forms suggest as the name is typed. */
export const CUSTOMER_SUGGESTIONS = 10;

/** GET /sales/customers: every known customer (the customer list and past sales), for receipts. */
export const getSalesCustomers = () => api.get<TSalesCustomer[]>('/sales/customers');

export const getSalesCustomersQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.customers(), queryFn: getSalesCustomers, staleTime: 60_000 });

export function useSalesCustomers(enabled = true) {
  return useQuery({ ...getSalesCustomersQueryOptions(), enabled });
}

/** A page of the customer list whose name or phone contains `search` (the server searches). */
export const searchSalesCustomers = (search: string) =>
  api.get<TSalesCustomer[]>('/sales/customers', { query: { search, limit: CUSTOMER_SUGGESTIONS } });

/** The customer picker's suggestions: idle until something is typed, the last answer shown while the next loads. */
export function useSalesCustomerSearch(search: string) {
  return useQuery({
    queryKey: salesKeys.customerSearch(search),
    queryFn: () => searchSalesCustomers(search),
    enabled: search !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
