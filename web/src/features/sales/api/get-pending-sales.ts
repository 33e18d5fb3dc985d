import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSale } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** Sales with money outstanding, the oldest due first. */
export const getPendingSales = () => api.get<TSale[]>('/sales/pending');

export const getPendingSalesQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.pending(), queryFn: getPendingSales });

export function usePendingSales() {
  return useQuery(getPendingSalesQueryOptions());
}
