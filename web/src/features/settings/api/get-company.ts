import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export const getCompany = () => api.get<TCompany>('/sales/company');

export const getCompanyQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.company(), queryFn: getCompany });

export function useCompany() {
  return useQuery(getCompanyQueryOptions());
}
