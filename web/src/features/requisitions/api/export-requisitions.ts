import { api } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/csv';
import type { TRequisitionFilters } from '../utils/requisition-form';
import { filterQuery } from './get-requisitions';

type TExportFile = { content_base64: string; content_type: string; filename: string };

/** Asks the server for the filtered requisitions as CSV or Excel and hands the file to the user. */
export async function exportRequisitions(filters: TRequisitionFilters, format: 'csv' | 'excel') {
  const file = await api.get<TExportFile>('/requisitions/export', {
    query: { ...filterQuery(filters), format },
  });
  const bytes = Uint8Array.from(atob(file.content_base64), (char) => char.charCodeAt(0));
  downloadBlob(file.filename, new Blob([bytes], { type: file.content_type }));
}
