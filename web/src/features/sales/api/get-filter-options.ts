import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSalesFilterOptions } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type { TSalesFilterOptions } from '@app/domain/schemas/sales';

export const getFilterOptions = () => api.get<TSalesFilterOptions>('/sales/filter-options');

export const getFilterOptionsQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.filterOptions(), queryFn: getFilterOptions });

export function useFilterOptions() {
  return useQuery(getFilterOptionsQueryOptions());
}
