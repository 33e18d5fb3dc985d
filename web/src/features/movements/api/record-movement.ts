import type { TMovement, TTransferType } from '@app/domain/schemas/movements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/csv';
import type { TMovementFilters } from '../utils/movement-form';
import { historyQuery } from './get-movement-data';
import { movementsKeys } from './movements-keys';
import { invalidateStock } from '../../../lib/stock-queries';

const PATHS: Record<TTransferType, string> = {
  warehouse_transfer: '/b2b/transfer/warehouse',
  customer_sale: '/b2b/transfer/customer',
  stockout: '/b2b/transfer/stockout',
};

export const recordMovement = ({
  type,
  body,
  idempotencyKey,
}: {
  type: TTransferType;
  body: Record<string, unknown>;
  idempotencyKey: string;
}) =>
  api.post<{ msg: string; movement: TMovement }>(
    PATHS[type],
    { transfer_type: type, ...body },
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );

/** A movement changes the history, the counts and the stock of the items it moved, on every screen. */
export function useRecordMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordMovement,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: movementsKeys.all }),
        invalidateStock(queryClient),
      ]),
  });
}

export async function exportMovements(filters: TMovementFilters, filename: string) {
  downloadBlob(filename, await api.getBlob('/b2b/movements/export', { query: historyQuery(filters) }));
}
