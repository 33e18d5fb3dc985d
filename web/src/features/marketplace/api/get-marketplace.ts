import type { TMarketplacePage, TMarketplaceQuery } from '@app/domain/schemas/vendors';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TMarketplaceFilters = Pick<TMarketplaceQuery, 'search' | 'category' | 'state'>;

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  list: (filters: TMarketplaceFilters) => [...marketplaceKeys.all, filters] as const,
};

const PAGE_SIZE = 24;

/** Public: sent without the visitor's own session. */
export const getMarketplace = (filters: TMarketplaceFilters, before: number | null) =>
  api.get<TMarketplacePage>('/marketplace/products', {
    anonymous: true,
    query: { ...filters, limit: PAGE_SIZE, before },
  });

export function useMarketplace(filters: TMarketplaceFilters) {
  return useInfiniteQuery({
    queryKey: marketplaceKeys.list(filters),
    queryFn: ({ pageParam }) => getMarketplace(filters, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });
}
