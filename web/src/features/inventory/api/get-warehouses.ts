import type { TWarehouse } from '@app/domain/schemas/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

export type { TWarehouse } from '@app/domain/schemas/stock';

/** The warehouses the caller may use (an employee sees only those the MD opened to them). */
export const getWarehouses = () => api.get<TWarehouse[]>('/warehouses');

export const getWarehousesQueryOptions = () =>
  queryOptions({ queryKey: inventoryKeys.warehouses(), queryFn: getWarehouses, staleTime: 5 * 60_000 });

export function useWarehouses() {
  return useQuery(getWarehousesQueryOptions());
}
