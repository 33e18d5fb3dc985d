import { useMutation } from '@tanstack/react-query';
import type { TDocumentShareRevoked } from '@app/domain/schemas/shares';
import { api } from '../../../lib/api-client';
import { sharePath, type TShareableDocument } from './share-document';

export const revokeDocumentShare = (document: TShareableDocument) =>
  api.delete<TDocumentShareRevoked>(sharePath(document));

export function useRevokeDocumentShare() {
  return useMutation({ mutationFn: revokeDocumentShare });
}
