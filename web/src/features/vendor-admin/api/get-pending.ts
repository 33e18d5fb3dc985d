import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  VENDOR_ADMIN_PAGE_SIZE,
  type TPendingProduct,
  type TPendingVendor,
  type TVendorAdminStats,
} from '@app/domain/schemas/vendor-admin';
import { api } from '../../../lib/api-client';
import { forgetGrantIfRefused, grantHeaders } from './admin-grant';
import { vendorAdminKeys } from './vendor-admin-keys';

const PATHS = { vendors: '/vendors/pending', products: '/vendors/products/pending' } as const;

/** One page (5) of pending vendors or products, newest first; `before` is the last id of the page before. */
export function usePending<L extends 'vendors' | 'products'>(
  list: L,
  grant: string,
  search: string,
  before: number | undefined,
) {
  return useQuery({
    queryKey: vendorAdminKeys.list(list, search, before),
    queryFn: async () => {
      try {
        return await api.getPage<L extends 'vendors' ? TPendingVendor : TPendingProduct>(PATHS[list], {
          query: { search: search || undefined, limit: VENDOR_ADMIN_PAGE_SIZE, before },
          headers: grantHeaders(grant),
        });
      } catch (error) {
        forgetGrantIfRefused(error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}

export function useVendorAdminStats(grant: string) {
  return useQuery({
    queryKey: vendorAdminKeys.stats(),
    queryFn: async () => {
      try {
        return await api.get<TVendorAdminStats>('/vendor-admin/stats', { headers: grantHeaders(grant) });
      } catch (error) {
        forgetGrantIfRefused(error);
        throw error;
      }
    },
  });
}
