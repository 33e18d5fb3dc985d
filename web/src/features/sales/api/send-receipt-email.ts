import { useMutation } from '@tanstack/react-query';
import type { TReceiptEmailRequest } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import type { TReceiptEmailState } from './get-receipt-email-status';

export type TReceiptEmailQueued = {
  success: boolean;
  message: string;
  email_id: string | number;
  status: TReceiptEmailState;
};

/** Queues the receipt in the server's outbox (202); the status call follows its delivery. */
export const sendReceiptEmail = (request: TReceiptEmailRequest) =>
  api.post<TReceiptEmailQueued>('/sales/receipt/email', request);

export function useSendReceiptEmail() {
  return useMutation({ mutationFn: sendReceiptEmail });
}
