/** Query keys of the Sales screen, one factory for the feature; mutations invalidate through it. */
export const salesKeys = {
  all: ['sales'] as const,
  warehouses: () => [...salesKeys.all, 'warehouses'] as const,
  allItems: () => [...salesKeys.all, 'items'] as const,
  items: (warehouseName: string, search: string) => [...salesKeys.allItems(), warehouseName, search] as const,
  lists: () => [...salesKeys.all, 'list'] as const,
  list: (limit: number) => [...salesKeys.lists(), limit] as const,
  filterOptions: () => [...salesKeys.all, 'filter-options'] as const,
  filtered: (filters: unknown) => [...salesKeys.lists(), 'filter', filters] as const,
  pending: () => [...salesKeys.lists(), 'pending'] as const,
  report: (range: { start: string; end: string }) => [...salesKeys.all, 'report', range] as const,
  customers: () => [...salesKeys.all, 'customers'] as const,
  forReceipt: (date: string, customer: string) => [...salesKeys.all, 'for-receipt', date, customer] as const,
  proformas: () => [...salesKeys.all, 'proformas'] as const,
  pendingProformas: (customer: string) => [...salesKeys.proformas(), 'pending', customer] as const,
  proformaList: () => [...salesKeys.proformas(), 'all'] as const,
  receiptEmail: (emailId: string | number) => [...salesKeys.all, 'receipt-email', String(emailId)] as const,
};
