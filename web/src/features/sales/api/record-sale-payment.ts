import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newPublicId } from '@app/domain/ids/public-id';
import type { TSale, TSalePaymentRequest } from '@app/domain/schemas/sales';
import { api, SERVER_TIMEOUT_MS } from '../../../lib/api-client';
import { isUnreachable, offlineSync } from '../../../lib/offline/offline-sync';
import { salesKeys } from './sales-keys';

export type TRecordSalePaymentInput = {
  saleId: number;
  /** How the queued payment's card names its sale when the list is not at hand. */
  saleLabel?: { sale_number: number; customer_name: string };
  body: TSalePaymentRequest;
  idempotencyKey: string;
};

export type TSalePaymentAnswer =
  | { success: boolean; message: string; sale: TSale; queued?: undefined }
  | { success: true; message: string; sale: null; queued: { seq: number } };

export const PAYMENT_QUEUED_MESSAGE =
  'Payment saved on this device; it will be sent when the connection returns';

/**
 * Records a later payment: posted when the server can be reached, otherwise kept in the outbox (the same
 * request and Idempotency-Key, sent by the sync engine). A payment has no public id on the server: being
 * recorded once rests on its key, kept by the server for IDEMPOTENCY_KEY_HOURS.
 */
export async function recordSalePayment({
  saleId,
  saleLabel,
  body,
  idempotencyKey,
}: TRecordSalePaymentInput): Promise<TSalePaymentAnswer> {
  const path = `/sales/${saleId}/payments`;
  const queue = async (): Promise<TSalePaymentAnswer> => {
    const record = await offlineSync.enqueue({
      kind: 'sale_payment',
      method: 'POST',
      path,
      body,
      publicId: newPublicId(),
      idempotencyKey,
      businessDate: body.payment_date,
      recordedAt: new Date().toISOString(),
      summary: { sale_id: saleId, amount: body.amount, payment_method: body.payment_method, ...saleLabel },
      invalidates: [[...salesKeys.all]],
    });
    return { success: true, message: PAYMENT_QUEUED_MESSAGE, sale: null, queued: { seq: record.seq } };
  };
  if (!navigator.onLine) return queue();
  try {
    return await api.post<{ success: boolean; message: string; sale: TSale }>(path, body, {
      headers: { 'Idempotency-Key': idempotencyKey },
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
  } catch (error) {
    if (isUnreachable(error)) return queue();
    throw error;
  }
}

export function useRecordSalePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordSalePayment,
    // Offline the call still runs (and queues the payment) instead of waiting for the network.
    networkMode: 'always',
    // A settled sale leaves Pending; the List shows its new status; the report its paid total.
    onSuccess: (answer) =>
      answer.queued ? undefined : queryClient.invalidateQueries({ queryKey: salesKeys.all }),
  });
}
