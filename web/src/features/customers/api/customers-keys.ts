/** Query keys of the Customers screen, one factory for the feature; mutations invalidate through it. */
export const customersKeys = {
  all: ['customers'] as const,
  lists: () => [...customersKeys.all, 'list'] as const,
  list: (params: { search: string; page: number; limit: number }) =>
    [...customersKeys.lists(), params] as const,
  metrics: () => [...customersKeys.all, 'metrics'] as const,
};
