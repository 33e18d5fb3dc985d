import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteItem } from '../api/delete-item';
import { useItemSearch, type TItemOption } from '../api/get-items-map';
import { InventoryItemSelect } from './inventory-item-select';
import { failureText } from './failure';
import { useHasPermission } from '../../../lib/use-has-permission';
import { INVENTORY_PERMISSIONS } from './inventory-permissions';

export const DELETE_DENIED = DENIED_MESSAGES['inventory.delete_button.access'];

/** Delete (spec 2 §2): pick an item; needs inventory.delete_button.access; asks to confirm. */
export function DeleteTab({ warehouse }: { warehouse: string | null }) {
  const canDelete = useHasPermission(INVENTORY_PERMISSIONS.delete);
  const picker = useItemSearch(warehouse);
  const items = picker.query;
  const options = picker.options;
  const remove = useDeleteItem();
  const [itemId, setItemId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The item being confirmed; kept while the dialog fades out after the list has moved on.
  const [target, setTarget] = useState<TItemOption | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const selected = options.find((option) => option.value === itemId);

  const confirm = () => {
    if (!target) return;
    remove.mutate(target.itemId, {
      onSuccess: (response) => {
        setSuccess(response?.msg || `${target.label} deleted.`);
        setItemId(null);
      },
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} maw={560}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            Delete an item
          </Title>
          <Text size="sm" c="dimmed">
            The item leaves every list and picker. Its stock history stays in the logs and reports.
          </Text>
        </div>
        {!canDelete && (
          <Alert color="yellow" role="note">
            {DELETE_DENIED}
          </Alert>
        )}
        {success && (
          <Alert
            color="green"
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setSuccess(null)}
          >
            {success}
          </Alert>
        )}
        {remove.isError && (
          <Alert color="red" role="alert">
            {failureText('Failed to delete item', remove.error)}
          </Alert>
        )}
        {items.isError && (
          <Alert color="red" role="alert">
            {failureText('Failed to load inventory data', items.error)}
          </Alert>
        )}
        <InventoryItemSelect
          picker={picker}
          value={itemId}
          onChange={(value) => {
            setItemId(value);
            setSuccess(null);
            remove.reset();
          }}
        />
        <Button
          color="red"
          leftSection={<IconTrash size={18} />}
          disabled={!canDelete || !selected}
          onClick={() => {
            setTarget(selected ?? null);
            setConfirming(true);
          }}
          style={{ alignSelf: 'flex-start' }}
        >
          Delete
        </Button>
      </Stack>

      <ConfirmDeleteModal
        opened={confirming && target !== null}
        title="Delete item?"
        confirmLabel="Delete item"
        pending={remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        <Text>
          Delete <strong>{target?.label}</strong>? It will no longer appear in inventory, sales or restock.
          Its history stays. This cannot be undone.
        </Text>
      </ConfirmDeleteModal>
    </Paper>
  );
}
