import type { TInventoryAdjustment } from '@app/domain/schemas/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

export type TAdjustmentField = TInventoryAdjustment['field'];

export type TAdjustment = TInventoryAdjustment;

/** Spec 2 §9: the recent activity table shows 5 rows. */
export const RECENT_ADJUSTMENTS = 5;

export const getAdjustments = (limit = RECENT_ADJUSTMENTS) =>
  api.get<TAdjustment[]>('/inventory/adjustments', { query: { limit } });

export const getAdjustmentsQueryOptions = (limit = RECENT_ADJUSTMENTS) =>
  queryOptions({ queryKey: inventoryKeys.adjustments(limit), queryFn: () => getAdjustments(limit) });

export function useAdjustments(enabled: boolean) {
  return useQuery({ ...getAdjustmentsQueryOptions(), enabled });
}
