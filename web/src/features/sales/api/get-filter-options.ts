import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type TSalesFilterOptions = {
  customer_names: string[];
  employee_names: string[];
  customer_phones: string[];
  item_names: string[];
};

export const getFilterOptions = () => api.get<TSalesFilterOptions>('/sales/filter-options');

export const getFilterOptionsQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.filterOptions(), queryFn: getFilterOptions });

export function useFilterOptions() {
  return useQuery(getFilterOptionsQueryOptions());
}
