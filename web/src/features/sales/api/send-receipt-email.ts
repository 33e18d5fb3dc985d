import { useMutation } from '@tanstack/react-query';
import type { TReceiptEmailQueued, TReceiptEmailRequest } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';

export type { TReceiptEmailQueued } from '@app/domain/schemas/sales';

/** Queues the receipt in the server's outbox (202); the status call follows its delivery. */
export const sendReceiptEmail = (request: TReceiptEmailRequest) =>
  api.post<TReceiptEmailQueued>('/sales/receipt/email', request);

export function useSendReceiptEmail() {
  return useMutation({ mutationFn: sendReceiptEmail });
}
