import type { QueryClient } from '@tanstack/react-query';

/**
 * Stock is shown by several features (Inventory, Restock, Sales, Stock Movement) and moved by several more.
 * Each query that shows stock carries this meta, so whatever moves stock marks them all stale at once
 * without knowing the other features' keys.
 */
export const SHOWS_STOCK = { showsStock: true } as const;

export const invalidateStock = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => query.meta?.showsStock === true });
