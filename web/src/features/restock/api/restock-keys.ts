import type { TPurchaseFilters } from '../restock-types';

/** Query keys of the Restock screen, one factory for the feature. */
export const restockKeys = {
  all: ['restock'] as const,
  warehouses: () => [...restockKeys.all, 'warehouses'] as const,
  items: (warehouseName: string) => [...restockKeys.all, 'items', warehouseName] as const,
  itemSearch: (warehouseName: string, search: string) =>
    [...restockKeys.items(warehouseName), 'search', search] as const,
  purchases: () => [...restockKeys.all, 'purchases'] as const,
  purchaseList: (filters: TPurchaseFilters & { skip: number; limit: number }) =>
    [...restockKeys.purchases(), 'list', filters] as const,
  purchaseRange: (filters: TPurchaseFilters) => [...restockKeys.purchases(), 'range', filters] as const,
  summary: (filters: TPurchaseFilters) => [...restockKeys.purchases(), 'summary', filters] as const,
};
