import type { TCompany } from '@app/domain/schemas/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withOfflineFallback } from '../../../lib/offline/offline-sync';
import { offlineCompany } from '../../../lib/offline/reference';
import { salesKeys } from './sales-keys';

/** The business's details a receipt printed on the device shows; the device's kept copy when offline. */
export const getReceiptCompany = () =>
  withOfflineFallback(() => api.get<TCompany>('/sales/company'), offlineCompany);

export const getReceiptCompanyQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.company(), queryFn: getReceiptCompany, networkMode: 'always' });

export function useReceiptCompany(enabled: boolean) {
  return useQuery({ ...getReceiptCompanyQueryOptions(), enabled });
}
