import type { TWarehouse } from '@app/domain/schemas/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withOfflineFallback } from '../../../lib/offline/offline-sync';
import { offlineWarehouses } from '../../../lib/offline/reference';
import { salesKeys } from './sales-keys';

export type TSalesWarehouse = TWarehouse;

/** The user's warehouses; the device's kept list when the server cannot be reached. */
export const getSalesWarehouses = () =>
  withOfflineFallback(() => api.get<TSalesWarehouse[]>('/sales/warehouses'), offlineWarehouses);

export const getSalesWarehousesQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.warehouses(), queryFn: getSalesWarehouses, networkMode: 'always' });

/** The warehouses the signed-in user may sell from. */
export function useSalesWarehouses() {
  return useQuery(getSalesWarehousesQueryOptions());
}
