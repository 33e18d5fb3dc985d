import type { TWarehouse } from '@app/domain/schemas/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withOfflineFallback } from '../../../lib/offline/offline-sync';
import { offlineWarehouses } from '../../../lib/offline/reference';
import { inventoryKeys } from './inventory-keys';

export type { TWarehouse } from '@app/domain/schemas/stock';

/**
 * The warehouses the caller may use (an employee sees only those the MD opened to them); when the server
 * cannot be reached, the device's kept copy (issue 16 §3: returns are taken offline).
 */
export const getWarehouses = () =>
  withOfflineFallback(() => api.get<TWarehouse[]>('/warehouses'), offlineWarehouses);

export const getWarehousesQueryOptions = () =>
  queryOptions({
    queryKey: inventoryKeys.warehouses(),
    queryFn: getWarehouses,
    staleTime: 5 * 60_000,
    // Offline it answers from the device instead of waiting for the network.
    networkMode: 'always',
  });

export function useWarehouses() {
  return useQuery(getWarehousesQueryOptions());
}
