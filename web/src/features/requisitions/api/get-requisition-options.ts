import type { TExpenseEmployee } from '@app/domain/schemas/expenses';
import type { TItemMap, TWarehouse } from '@app/domain/schemas/stock';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { requisitionsKeys } from './requisitions-keys';

/** How many suggestions the item box asks for. */
export const ITEM_SUGGESTIONS = 20;

export const getRequisitionWarehouses = () => api.get<TWarehouse[]>('/requisitions/warehouses');
export const getRequisitionEmployees = () => api.get<TExpenseEmployee[]>('/requisitions/employees');
export const getRequisitionItems = (warehouseName: string, search: string) =>
  api.get<TItemMap>('/requisitions/inventory-items', {
    query: { warehouse_name: warehouseName, search, limit: ITEM_SUGGESTIONS },
  });

export function useRequisitionWarehouses() {
  return useQuery({ queryKey: requisitionsKeys.warehouses(), queryFn: getRequisitionWarehouses });
}

export function useRequisitionEmployees() {
  return useQuery({
    queryKey: requisitionsKeys.employees(),
    queryFn: getRequisitionEmployees,
    staleTime: 5 * 60_000,
  });
}

/** The item box's suggestions; idle until a warehouse is chosen. */
export function useRequisitionItems(warehouseName: string, search: string) {
  return useQuery({
    queryKey: requisitionsKeys.items(warehouseName, search),
    queryFn: () => getRequisitionItems(warehouseName, search),
    enabled: Boolean(warehouseName),
    placeholderData: keepPreviousData,
  });
}
