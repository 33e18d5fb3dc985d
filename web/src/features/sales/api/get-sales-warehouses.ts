import type { TWarehouse } from '@app/domain/schemas/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type TSalesWarehouse = TWarehouse;

export const getSalesWarehouses = () => api.get<TSalesWarehouse[]>('/sales/warehouses');

export const getSalesWarehousesQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.warehouses(), queryFn: getSalesWarehouses });

/** The warehouses the signed-in user may sell from. */
export function useSalesWarehouses() {
  return useQuery(getSalesWarehousesQueryOptions());
}
