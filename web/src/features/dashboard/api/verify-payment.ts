import type { TVerifyPayment } from '@app/domain/schemas/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/api/billing-keys';
import { subscriptionKeys } from '../../../lib/api/get-subscription-status';
import { clearSubscriptionBlocked } from '../../../lib/subscription-block';

export type TVerifyPaymentResponse = TVerifyPayment;

export const verifyPayment = (reference: string) =>
  api.get<TVerifyPaymentResponse>('/dashboard/verify-payment', { query: { reference } });

/** After verifying, the plan badge, the lock screen and the payment history read the plan again. */
export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    onSuccess: (answer) => {
      if (answer.success) clearSubscriptionBlocked();
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      ]);
    },
  });
}
