import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/api/get-subscription-status';

export type TVerifyPaymentResponse = { success?: boolean; message?: string };

export const verifyPayment = (reference: string) =>
  api.get<TVerifyPaymentResponse>('/dashboard/verify-payment', { query: { reference } });

export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
