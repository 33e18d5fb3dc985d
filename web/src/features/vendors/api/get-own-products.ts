import type { TOwnProductsPage } from '@app/domain/schemas/vendors';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vendorsKeys } from './vendors-keys';

const PAGE_SIZE = 10;

export const getOwnProducts = (before: number | null) =>
  api.get<TOwnProductsPage>('/vendors/products/mine', { query: { limit: PAGE_SIZE, before } });

/** The business's own products with their state, newest first, a page at a time (keyset). */
export function useOwnProducts() {
  return useInfiniteQuery({
    queryKey: vendorsKeys.products(),
    queryFn: ({ pageParam }) => getOwnProducts(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });
}
