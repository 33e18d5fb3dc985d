import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TWarehouse } from '../restock-types';
import { restockKeys } from './restock-keys';

export const getWarehouses = () => api.get<TWarehouse[]>('/restock/warehouses');

export const getWarehousesQueryOptions = () =>
  queryOptions({ queryKey: restockKeys.warehouses(), queryFn: getWarehouses });

export function useWarehouses() {
  return useQuery(getWarehousesQueryOptions());
}
