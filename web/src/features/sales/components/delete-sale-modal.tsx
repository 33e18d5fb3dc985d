import { List, Text } from '@mantine/core';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import type { TSaleRow } from '@app/domain/schemas/sales';
import { formatCount, formatMoney } from '../../../lib/format';
import { useDeleteSale } from '../api/delete-sale';
import { customerLabel, formatBusinessDate } from '../utils/sale-row-format';
import { failureText, notifySaleError, notifySaleSuccess } from '../utils/sale-form-notify';

export const DELETE_SALE_MESSAGES = {
  failure: 'Failed to delete sale',
  warning: 'This reverts the inventory changes of the sale and cannot be undone.',
} as const;

export const deleteSaleQuestion = (saleId: number) => `Delete the whole sale #${saleId} with all its items?`;

/** Confirms deleting a sale; a row is one line, but the whole sale goes (DELETE /sales/{sale_id}). */
export function DeleteSaleModal({
  lines,
  onClose,
}: {
  /** Every line of the sale to delete; empty when closed. */
  lines: readonly TSaleRow[];
  onClose: () => void;
}) {
  const remove = useDeleteSale();
  const first = lines[0];

  const confirm = () => {
    if (!first) return;
    remove.mutate(first.sale_id, {
      onSuccess: () => {
        notifySaleSuccess(`Sale #${first.sale_number} deleted`);
        onClose();
      },
      onError: (error) => notifySaleError(failureText(DELETE_SALE_MESSAGES.failure, error)),
    });
  };

  return (
    <ConfirmDeleteModal
      opened={first !== undefined}
      title={first ? `Delete sale #${first.sale_number}` : 'Delete sale'}
      confirmLabel="Delete sale"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {first && (
        <>
          <Text fw={600}>{deleteSaleQuestion(first.sale_number)}</Text>
          <Text c="red.8">{DELETE_SALE_MESSAGES.warning}</Text>
          <Text size="sm" c="dimmed">
            {customerLabel(first.customer_name)} · {formatBusinessDate(first.sale_date)} · total{' '}
            {formatMoney(first.grand_total)}
          </Text>
          <List size="sm" spacing={2}>
            {lines.map((line) => (
              <List.Item key={line.line_id}>
                {line.item_name} × {formatCount(line.quantity)} ({formatMoney(line.total_amount)})
              </List.Item>
            ))}
          </List>
        </>
      )}
    </ConfirmDeleteModal>
  );
}
