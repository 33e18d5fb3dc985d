import type { TInitializePayment, TPaidPlanKey } from '@app/domain/schemas/billing';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TInitializePaymentResponse = TInitializePayment;

export const initializePayment = (planKey: TPaidPlanKey) =>
  api.post<TInitializePaymentResponse>('/dashboard/initialize-payment', undefined, {
    query: { plan_key: planKey },
  });

export function useInitializePayment() {
  return useMutation({
    mutationFn: initializePayment,
    onSuccess: (response) => {
      // The card checkout; it returns to /dashboard?reference=...
      window.location.assign(response.authorization_url);
    },
  });
}
