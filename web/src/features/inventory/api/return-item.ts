import type { TItemReturned } from '@app/domain/schemas/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReturnItemRequest } from '@app/domain/schemas/stock';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

export type TReturnItemResponse = TItemReturned;
/** A retry of the same return carries the same key, so a dropped answer never records it twice. */
export type TReturnItemInput = { request: TReturnItemRequest; idempotencyKey: string };

/** A random key; crypto.randomUUID exists only on secure origins (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const returnItem = ({ request, idempotencyKey }: TReturnItemInput) =>
  api.post<TReturnItemResponse>('/inventory/return-item', request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useReturnItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnItem,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
