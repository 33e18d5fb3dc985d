import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TCompany } from '@app/domain/schemas/sales';
import { settingsKeys } from './settings-keys';

export const uploadLogo = (file: File) => {
  const data = new FormData();
  data.append('logo_file', file, file.name);
  return api.upload<TCompany>('/sales/company/logo', data);
};

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (company) => queryClient.setQueryData(settingsKeys.company(), company),
  });
}
