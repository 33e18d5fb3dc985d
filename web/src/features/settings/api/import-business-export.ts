import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBusinessImportResponse } from '@app/domain/schemas/settings-account';
import { api } from '../../../lib/api-client';

/** POST /settings/business-import: the export's zip into this empty business, all or nothing. */
export const importBusinessExport = (file: File) => {
  const data = new FormData();
  data.append('export_file', file, file.name);
  return api.upload<TBusinessImportResponse>('/settings/business-import', data);
};

/** Every screen's data changes with an import, so every query is refetched after one. */
export function useImportBusinessExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBusinessExport,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
