import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomerPage } from '@app/domain/schemas/customers';
import { api } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

/** Spec 2 §9: customers page size 10. */
export const CUSTOMERS_PAGE_SIZE = 10;

export type TCustomersParams = { search: string; page: number; limit: number };

/** One page of customers, newest first; the search matches name or phone on the server. */
export const getCustomers = ({ search, page, limit }: TCustomersParams): Promise<TCustomerPage> =>
  api.get<TCustomerPage>('/customers', { query: { search: search || undefined, page, limit } });

export const getCustomersQueryOptions = (params: TCustomersParams) =>
  queryOptions({
    queryKey: customersKeys.list(params),
    queryFn: () => getCustomers(params),
    placeholderData: keepPreviousData,
  });

export function useCustomers(params: TCustomersParams) {
  return useQuery(getCustomersQueryOptions(params));
}
