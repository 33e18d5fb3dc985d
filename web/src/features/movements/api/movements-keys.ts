import type { TMovementFilters } from '../utils/movement-form';

/** Query keys of the B2B Stock Movement screen, one factory for the feature. */
export const movementsKeys = {
  all: ['movements'] as const,
  warehouses: () => [...movementsKeys.all, 'warehouses'] as const,
  items: (warehouse: string) => [...movementsKeys.all, 'items', warehouse] as const,
  history: () => [...movementsKeys.all, 'history'] as const,
  list: (filters: TMovementFilters, skip: number) => [...movementsKeys.history(), filters, skip] as const,
  count: (type: string) => [...movementsKeys.history(), 'count', type] as const,
};
