import type { TItemReturned } from '@app/domain/schemas/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReturnItemRequest } from '@app/domain/schemas/stock';
import type { TOutboxRecord } from '../../../lib/offline/db';
import { recordOrQueue, submissionIds } from '../../../lib/offline/record-offline';
import { newIdempotencyKey } from '../../../lib/use-idempotency-key';
import { inventoryKeys } from './inventory-keys';
import { invalidateStock } from '../../../lib/stock-queries';

export { newIdempotencyKey };

export type TReturnItemResponse = TItemReturned;
/** What the screen gets back: the server's answer, or the return kept on the device. */
export type TReturnItemAnswer = (TReturnItemResponse & { queued?: undefined }) | { queued: TOutboxRecord };

/** The item as the form named it: its picker label and its warehouse (for the device's stock). */
export type TReturnedItem = { label: string; warehouseName: string | null };

/** A retry of the same return carries the same key, so a dropped answer never records it twice. */
export type TReturnItemInput = {
  request: TReturnItemRequest;
  idempotencyKey: string;
  item?: TReturnedItem;
};

/** The list's card of a return waiting on the device (issue 16 §3). */
export type TQueuedReturnSummary = {
  item_name: string;
  return_quantity: number;
  selected_date: string;
  warehouse_name: string | null;
  item_id: number;
};

export const RETURN_QUEUED_MESSAGE =
  'Return saved on this device; it will be sent when the connection returns';

/**
 * Returns an item to stock: posted when the server can be reached, otherwise kept in the outbox (issue 16 §3)
 * with its Idempotency-Key and the time it was recorded (`recorded_at`, kept with the key so a retry is the
 * same request), and the device's stock of the item goes up at once (the record's `stock`). A return has no public id on the
 * server: being recorded once rests on its key. The access code travels with the queued request (the server
 * checks it when the return is sent); it leaves the device once the server has answered, and a refused return
 * asks for it again before it is sent again.
 */
export async function returnItem({
  request,
  idempotencyKey,
  item,
}: TReturnItemInput): Promise<TReturnItemAnswer> {
  const ids = submissionIds(idempotencyKey);
  const summary: TQueuedReturnSummary = {
    item_name: item?.label ?? 'Item',
    return_quantity: request.return_quantity,
    selected_date: request.selected_date,
    warehouse_name: item?.warehouseName ?? null,
    item_id: request.item_id,
  };
  const outcome = await recordOrQueue<TReturnItemResponse>({
    kind: 'return',
    path: '/inventory/return-item',
    body: { ...request, recorded_at: ids.recorded_at },
    publicId: ids.public_id,
    idempotencyKey,
    businessDate: request.selected_date,
    recordedAt: ids.recorded_at,
    summary,
    invalidates: [[...inventoryKeys.all], ['sales']],
    secretFields: ['access_code'],
    ...(summary.warehouse_name
      ? {
          stock: [
            {
              warehouseName: summary.warehouse_name,
              itemId: request.item_id,
              delta: request.return_quantity,
            },
          ],
        }
      : {}),
  });
  return outcome.queued ? { queued: outcome.record } : outcome.answer;
}

export function useReturnItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnItem,
    // Offline the call still runs (and queues the return) instead of waiting for the network.
    networkMode: 'always',
    onSuccess: (answer) =>
      answer.queued
        ? undefined
        : void Promise.all([
            queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
            invalidateStock(queryClient),
          ]),
  });
}
