import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSharedDocument } from '@app/domain/schemas/shares';
import { api, API_BASE } from '../../../lib/api-client';

export const sharedDocumentKeys = {
  all: ['shared-document'] as const,
  detail: (token: string) => [...sharedDocumentKeys.all, token] as const,
};

const tokenPath = (token: string) => `/public/documents/${encodeURIComponent(token)}`;

/** Public: sent without the visitor's own session, which may be stale or another business's. */
export const getSharedDocument = (token: string) =>
  api.get<TSharedDocument>(tokenPath(token), { anonymous: true });

/** The PDF is a plain link: the browser downloads it without the app's client. */
export const sharedDocumentPdfUrl = (token: string) => `${API_BASE}${tokenPath(token)}/pdf`;

export function useSharedDocument(token: string) {
  return useQuery(
    queryOptions({ queryKey: sharedDocumentKeys.detail(token), queryFn: () => getSharedDocument(token) }),
  );
}
