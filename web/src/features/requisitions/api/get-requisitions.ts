import { REQUISITION_PAGE_SIZE, type TRequisition } from '@app/domain/schemas/requisitions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client';
import type { TRequisitionFilters } from '../utils/requisition-form';
import { requisitionsKeys } from './requisitions-keys';

/** The filters as a query; a search or dates go to /requisitions/filter (spec 3 §7). */
export function filterQuery(filters: TRequisitionFilters) {
  return {
    q: filters.q.trim() || undefined,
    status: filters.status || undefined,
    start_date: filters.start_date || undefined,
    end_date: filters.end_date || undefined,
  };
}

export const getRequisitions = (filters: TRequisitionFilters, skip: number): Promise<TPage<TRequisition>> => {
  const query = filterQuery(filters);
  const path = query.q || query.start_date || query.end_date ? '/requisitions/filter' : '/requisitions';
  return api.getPage<TRequisition>(path, { query: { ...query, skip, limit: REQUISITION_PAGE_SIZE } });
};

export function useRequisitions(filters: TRequisitionFilters, skip: number) {
  return useQuery(
    queryOptions({
      queryKey: requisitionsKeys.list(filters, skip),
      queryFn: () => getRequisitions(filters, skip),
      placeholderData: keepPreviousData,
    }),
  );
}
