/** Query keys of the inventory screen, one factory for the feature; mutations invalidate `all`. */
export type TDailyLogsParams = { date: string; warehouse: string | null; page: number };
export type TFilterParams = {
  warehouse: string | null;
  start_date: string;
  end_date: string;
  item_name: string | null;
  keyword: string;
  page: number;
};
export type TReportPeriod = 'Weekly' | 'Monthly' | 'Yearly';
export type TReportParams = {
  period: TReportPeriod;
  start_date: string;
  end_date: string;
  warehouse_name?: string;
};

export const inventoryKeys = {
  all: ['inventory'] as const,
  warehouses: () => [...inventoryKeys.all, 'warehouses'] as const,
  itemsMap: (warehouse: string | null) => [...inventoryKeys.all, 'items-map', warehouse ?? ''] as const,
  itemSearch: (warehouse: string | null, search: string) =>
    [...inventoryKeys.itemsMap(warehouse), 'search', search] as const,
  lowStock: (warehouse: string | null) => [...inventoryKeys.all, 'low-stock', warehouse ?? ''] as const,
  dailyLogs: (params: TDailyLogsParams) => [...inventoryKeys.all, 'daily-logs', params] as const,
  filter: (params: TFilterParams) => [...inventoryKeys.all, 'filter', params] as const,
  report: (params: TReportParams) => [...inventoryKeys.all, 'report', params] as const,
  itemHistory: (itemId: number, days: number) => [...inventoryKeys.all, 'history', itemId, days] as const,
  adjustments: (limit: number) => [...inventoryKeys.all, 'adjustments', limit] as const,
};
