import { Text } from '@mantine/core';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import type { TCustomer } from '@app/domain/schemas/customers';
import { useDeleteCustomer } from '../api/delete-customer';
import { CUSTOMER_MESSAGES, notifyCustomerError, notifyCustomerSuccess } from './customers-notify';

/** The confirm dialog before a customer is deleted (spec 2 §5). */
export function DeleteCustomerModal({
  customer,
  onClose,
  onDeleted,
}: {
  customer: TCustomer | null;
  onClose: () => void;
  onDeleted: (customer: TCustomer) => void;
}) {
  const remove = useDeleteCustomer();

  const confirm = () => {
    if (!customer) return;
    remove.mutate(customer.customer_id, {
      onSuccess: () => {
        notifyCustomerSuccess(CUSTOMER_MESSAGES.deleted);
        onDeleted(customer);
      },
      onError: (error) =>
        notifyCustomerError(error, CUSTOMER_MESSAGES.deleteFailed, CUSTOMER_MESSAGES.deleteDenied),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDeleteModal
      opened={customer !== null}
      title="Delete customer"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text>{CUSTOMER_MESSAGES.confirmDelete}</Text>
      {customer && (
        <Text size="sm" c="dimmed">
          {customer.name} · {customer.phone}
        </Text>
      )}
    </ConfirmDeleteModal>
  );
}
