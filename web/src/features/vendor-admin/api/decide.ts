import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDecisionDone, TVendorApproved } from '@app/domain/schemas/vendor-admin';
import { api } from '../../../lib/api-client';
import { forgetGrantIfRefused, grantHeaders } from './admin-grant';
import { vendorAdminKeys } from './vendor-admin-keys';

/** A reason as the spec sends it: multipart with `reason`. */
const reasonForm = (reason: string) => {
  const form = new FormData();
  form.set('reason', reason);
  return form;
};

export type TDecision =
  | { act: 'approve-vendor'; id: number }
  | { act: 'reject-vendor'; id: number; reason: string }
  | { act: 'approve-product'; id: number }
  | { act: 'reject-product'; id: number; reason: string }
  | { act: 'delete-product'; id: number; reason: string };

function send(grant: string, decision: TDecision): Promise<TVendorApproved | TDecisionDone> {
  const headers = grantHeaders(grant);
  switch (decision.act) {
    case 'approve-vendor':
      return api.put<TVendorApproved>(`/vendors/${decision.id}/approve`, undefined, { headers });
    case 'reject-vendor':
      return api.put<TDecisionDone>(`/vendors/${decision.id}/reject`, undefined, {
        headers,
        multipart: reasonForm(decision.reason),
      });
    case 'approve-product':
      return api.put<TDecisionDone>(`/vendors/products/${decision.id}/approve`, undefined, { headers });
    case 'reject-product':
      return api.put<TDecisionDone>(`/vendors/products/${decision.id}/reject`, undefined, {
        headers,
        multipart: reasonForm(decision.reason),
      });
    case 'delete-product':
      return api.delete<TDecisionDone>(`/vendors/products/${decision.id}`, {
        headers,
        multipart: reasonForm(decision.reason),
      });
  }
}

/** Approves, rejects or deletes; the lists and stat cards refresh after. */
export function useDecide(grant: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: TDecision) => send(grant, decision),
    onError: forgetGrantIfRefused,
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorAdminKeys.all }),
  });
}
