/** Query keys of the Vendor Admin console, one factory for the feature. */
export const vendorAdminKeys = {
  all: ['vendor-admin'] as const,
  stats: () => [...vendorAdminKeys.all, 'stats'] as const,
  list: (list: 'vendors' | 'products', search: string, before: number | undefined) =>
    [...vendorAdminKeys.all, list, search, before ?? null] as const,
};
