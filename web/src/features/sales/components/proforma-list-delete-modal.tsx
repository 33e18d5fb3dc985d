import { Text } from '@mantine/core';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import type { TProforma } from '@app/domain/schemas/sales';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useDeleteProforma } from '../api/delete-proforma';
import { proformaDate } from '../utils/proforma-list-filter';
import { failureText, notifySaleError, notifySaleSuccess } from '../utils/sale-form-notify';
import { formatBusinessDate } from '../utils/sale-row-format';

export const DELETE_PROFORMA_MESSAGES = {
  confirm: 'Delete this proforma invoice? This cannot be undone.',
  failure: 'Failed to delete proforma',
} as const;

export function DeleteProformaModal({
  proforma,
  onClose,
}: {
  proforma: TProforma | null;
  onClose: () => void;
}) {
  const remove = useDeleteProforma();

  const confirm = () => {
    if (!proforma) return;
    remove.mutate(proforma.proforma_id, {
      onSuccess: () => {
        notifySaleSuccess(`Proforma #${proforma.proforma_number} deleted`);
        onClose();
      },
      onError: (error) => {
        notifySaleError(failureText(DELETE_PROFORMA_MESSAGES.failure, error));
        // Converted meanwhile: it can no longer be deleted, so the question is closed.
        if (error instanceof ApiError && error.status === 409) onClose();
      },
    });
  };

  return (
    <ConfirmDeleteModal
      opened={proforma !== null}
      title={proforma ? `Delete proforma #${proforma.proforma_number}` : 'Delete proforma'}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {proforma && (
        <>
          <Text>{DELETE_PROFORMA_MESSAGES.confirm}</Text>
          <Text size="sm" c="dimmed">
            {proforma.customer_name} · {formatBusinessDate(proformaDate(proforma))} ·{' '}
            {formatMoney(proforma.grand_total)}
          </Text>
        </>
      )}
    </ConfirmDeleteModal>
  );
}
