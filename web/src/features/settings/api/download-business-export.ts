import { useMutation } from '@tanstack/react-query';
import { businessDate } from '@app/domain/dates/business-date';
import { api } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/csv';

/** GET /settings/export: every table of the business as CSV and its uploaded files, in one zip. */
export async function downloadBusinessExport(): Promise<void> {
  const zip = await api.getBlob('/settings/export');
  downloadBlob(`business_export_${businessDate()}.zip`, zip);
}

export function useDownloadBusinessExport() {
  return useMutation({ mutationFn: downloadBusinessExport });
}
