import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TPlanKey } from '@app/domain/plans/plans';

export type TInitializePaymentResponse = { authorization_url?: string; reference?: string };

export const initializePayment = (planKey: Exclude<TPlanKey, 'free'>) =>
  api.post<TInitializePaymentResponse>('/dashboard/initialize-payment', undefined, {
    query: { plan_key: planKey },
  });

export function useInitializePayment() {
  return useMutation({
    mutationFn: initializePayment,
    onSuccess: (response) => {
      // The card payment provider's checkout; it returns to /dashboard?reference=...
      if (response?.authorization_url) window.location.assign(response.authorization_url);
    },
  });
}
