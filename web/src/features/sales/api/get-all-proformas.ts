import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProforma } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** Every proforma invoice of the business, newest first. */
export const getAllProformas = () => api.get<TProforma[]>('/sales/proforma/all');

export const getAllProformasQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.proformaList(), queryFn: getAllProformas });

export function useAllProformas() {
  return useQuery(getAllProformasQueryOptions());
}
