import type { TRequisitionFilters } from '../utils/requisition-form';

/** Query keys of the Requisitions screen, one factory for the feature. */
export const requisitionsKeys = {
  all: ['requisitions'] as const,
  lists: () => [...requisitionsKeys.all, 'list'] as const,
  list: (filters: TRequisitionFilters, skip: number) => [...requisitionsKeys.lists(), filters, skip] as const,
  warehouses: () => [...requisitionsKeys.all, 'warehouses'] as const,
  employees: () => [...requisitionsKeys.all, 'employees'] as const,
  items: (warehouseName: string, search: string) =>
    [...requisitionsKeys.all, 'items', warehouseName, search] as const,
};
