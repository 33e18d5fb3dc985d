import {
  MOVEMENT_PAGE_SIZE,
  type TMovement,
  type TTransferType,
  type ZMovementItemSchema,
} from '@app/domain/schemas/movements';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type TPage } from '../../../lib/api-client';
import type { TMovementFilters } from '../utils/movement-form';
import { movementsKeys } from './movements-keys';
import { SHOWS_STOCK } from '../../../lib/stock-queries';

export type TMovementItem = z.infer<typeof ZMovementItemSchema>;

export const getMovementWarehouses = () => api.get<string[]>('/b2b/warehouses');
export const getMovementItems = (warehouse: string) =>
  api.get<TMovementItem[]>(`/b2b/inventory/${encodeURIComponent(warehouse)}`);

/** The filters as the query of the history and its export. */
export const historyQuery = (filters: TMovementFilters) => ({
  transfer_type: filters.transfer_type || undefined,
  warehouse: filters.warehouse || undefined,
  search: filters.search.trim() || undefined,
  start_date: filters.start_date || undefined,
  end_date: filters.end_date || undefined,
});

export const getMovements = (filters: TMovementFilters, skip: number): Promise<TPage<TMovement>> =>
  api.getPage<TMovement>('/b2b/movements', {
    query: { ...historyQuery(filters), skip, limit: MOVEMENT_PAGE_SIZE },
  });

export function useMovementWarehouses() {
  return useQuery({ queryKey: movementsKeys.warehouses(), queryFn: getMovementWarehouses });
}

/** A warehouse's items with what is on hand; idle until one is chosen. */
export function useMovementItems(warehouse: string) {
  return useQuery({
    queryKey: movementsKeys.items(warehouse),
    queryFn: () => getMovementItems(warehouse),
    meta: SHOWS_STOCK,
    enabled: Boolean(warehouse),
  });
}

export function useMovements(filters: TMovementFilters, skip: number) {
  return useQuery({
    queryKey: movementsKeys.list(filters, skip),
    queryFn: () => getMovements(filters, skip),
    placeholderData: keepPreviousData,
  });
}

/** How many movements of a type there are (the summary cards): one row asked, the count read. */
export function useMovementCount(type: TTransferType) {
  return useQuery({
    queryKey: movementsKeys.count(type),
    queryFn: async () =>
      (await api.getPage<TMovement>('/b2b/movements', { query: { transfer_type: type, limit: 1 } })).total ??
      0,
  });
}
