import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyRequest } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import type { TCompany } from '@app/domain/schemas/sales';
import { settingsKeys } from './settings-keys';

export type TCompanyForm = { [K in keyof TCompanyRequest]-?: string };

export const updateCompany = (details: TCompanyForm) => api.put<TCompany>('/sales/company', details);

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => queryClient.setQueryData(settingsKeys.company(), company),
  });
}
