import { Text } from '@mantine/core';
import { printDate } from '@app/domain/dates/business-date';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { useDeletePurchase } from '../api/delete-purchase';
import { notifyError, notifyErrorText, notifySuccess } from '../restock-notify';
import type { TPurchase } from '../restock-types';

export const DELETE_MESSAGES = {
  confirm: 'Delete this restock record? This will update inventory and remove related payments.',
  missing: 'Missing purchase details',
  success: 'Purchase deleted successfully',
  failure: 'Failed to delete purchase',
} as const;

/** A restock batch is one purchase: deleting any of its rows deletes all of them. */
export const batchDeleteNote = (lineCount: number) =>
  `This purchase was restocked as a batch of ${lineCount} items: all ${lineCount} are deleted together.`;

export function DeletePurchaseModal({
  purchase,
  onClose,
}: {
  purchase: TPurchase | null;
  onClose: () => void;
}) {
  const remove = useDeletePurchase();

  const confirm = () => {
    if (!purchase?.purchase_id || !purchase.purchase_date) {
      notifyErrorText(DELETE_MESSAGES.missing);
      onClose();
      return;
    }
    remove.mutate(
      { purchase_id: purchase.purchase_id, purchase_date: purchase.purchase_date },
      {
        onSuccess: () => {
          notifySuccess(DELETE_MESSAGES.success);
          onClose();
        },
        onError: (error) => notifyError(error, DELETE_MESSAGES.failure),
      },
    );
  };

  return (
    <ConfirmDeleteModal
      opened={purchase !== null}
      title="Delete purchase"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text>{DELETE_MESSAGES.confirm}</Text>
      {purchase && (
        <Text size="sm" c="dimmed">
          {purchase.item_name} · {purchase.supplied_quantity} from {purchase.supplier_name} on{' '}
          {printDate(purchase.purchase_date)}
        </Text>
      )}
      {purchase && purchase.purchase_line_count > 1 && (
        <Text size="sm" fw={500}>
          {batchDeleteNote(purchase.purchase_line_count)}
        </Text>
      )}
    </ConfirmDeleteModal>
  );
}
