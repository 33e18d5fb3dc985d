import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** The business's details printed on receipts and proformas (Settings → Company). */
export type TCompany = {
  tenant_name: string;
  phone_number: string | null;
  address: string | null;
  account_number: string | null;
  bank_name: string | null;
  account_name: string | null;
  /** `/api/files/{id}`, read with the signed-in user's token. */
  logo_url: string | null;
};

export const getCompany = () => api.get<TCompany>('/sales/company');

export const getCompanyQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.company(), queryFn: getCompany });

export function useCompany() {
  return useQuery(getCompanyQueryOptions());
}
