import { useMutation } from '@tanstack/react-query';
import type { TDocumentShare } from '@app/domain/schemas/shares';
import { api } from '../../../lib/api-client';

/** A receipt (by its sale) or a proforma invoice, as the share calls name it. */
export type TShareableDocument = { type: 'receipt' | 'proforma'; id: number };

/** The document's share path: a receipt's sits under its sale, a proforma's under the proforma. */
export const sharePath = (document: TShareableDocument) =>
  document.type === 'receipt'
    ? `/sales/${document.id}/receipt/share`
    : `/sales/proforma/${document.id}/share`;

export const shareDocument = (document: TShareableDocument) => api.post<TDocumentShare>(sharePath(document));

export function useShareDocument() {
  return useMutation({ mutationFn: shareDocument });
}
