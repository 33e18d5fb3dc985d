import type { TOwnVendor } from '@app/domain/schemas/vendors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vendorsKeys } from './vendors-keys';

export const getOwnVendor = () => api.get<TOwnVendor>('/vendors/me');

/** The business's vendor profile and its state (pending, approved, rejected with the reason). */
export function useOwnVendor() {
  return useQuery(queryOptions({ queryKey: vendorsKeys.me(), queryFn: getOwnVendor }));
}
