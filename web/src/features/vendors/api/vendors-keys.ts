/** Query keys of the Vendors screen, one factory for the feature. */
export const vendorsKeys = {
  all: ['vendors'] as const,
  me: () => [...vendorsKeys.all, 'me'] as const,
  products: () => [...vendorsKeys.all, 'products'] as const,
};
