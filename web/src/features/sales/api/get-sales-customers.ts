import type { TSalesCustomer } from '@app/domain/schemas/sales';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** How many customers the pickers (sale, proforma, receipt) suggest as the name is typed. */
export const CUSTOMER_SUGGESTIONS = 10;

/** A page of customers whose name or phone contains `search`: the list's, then recent sales' (the server searches). */
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
