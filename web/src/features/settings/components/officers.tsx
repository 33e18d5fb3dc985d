import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZOfficerRequestSchema, type TOfficer, type TOfficerRequest } from '@app/domain/schemas/settings';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { RowAction } from '../../../components/row-action';
import { errorMessage } from '../../../lib/api-client';
import { failureText, notifyFailure, notifySuccess } from '../../../lib/notify';
import { useHasPermission } from '../../../lib/use-has-permission';
import { useOfficers } from '../api/get-officers';
import { useDeleteOfficer, useSaveOfficer } from '../api/save-officer';
import { ScrollTable } from '../../../components/scroll-table';

const resolver = zod4Resolver(ZOfficerRequestSchema);
const EMPTY: TOfficerRequest = { officer_name: '', officer_email: '' };

function OfficerForm({ editing, onDone }: { editing: TOfficer | null; onDone: () => void }) {
  const save = useSaveOfficer();
  const form = useForm<TOfficerRequest>({
    mode: 'controlled',
    initialValues: editing
      ? { officer_name: editing.officer_name, officer_email: editing.officer_email }
      : EMPTY,
    validate: resolver,
  });
  const submit = (body: TOfficerRequest) =>
    save.mutate(
      { officerId: editing?.officer_id ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(editing ? 'Officer updated' : 'Officer added');
          form.reset();
          onDone();
        },
        onError: (error) =>
          notifyFailure(failureText(editing ? 'Failed to update officer' : 'Failed to add officer', error)),
      },
    );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={editing ? 'Edit officer' : 'Add officer'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Officer name" required maxLength={120} {...form.getInputProps('officer_name')} />
          <TextInput
            label="Officer e-mail"
            type="email"
            required
            maxLength={254}
            {...form.getInputProps('officer_email')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {editing && (
            <Button variant="default" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            loading={save.isPending}
            leftSection={editing ? undefined : <IconUserPlus size={18} />}
          >
            {editing ? 'Save Officer' : 'Add Officer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → Officers (spec 1 §2): the inventory officers who get an e-mail with every requisition. Adding,
 * changing and removing need the settings keys (the MD holds them all); deleting asks first.
 */
export function Officers() {
  const officers = useOfficers();
  const remove = useDeleteOfficer();
  const canEdit = useHasPermission('settings.edit.access');
  const canDelete = useHasPermission('settings.delete.access');
  const [editing, setEditing] = useState<TOfficer | null>(null);
  const [toDelete, setToDelete] = useState<TOfficer | null>(null);
  const rows = officers.data ?? [];

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.officer_id, {
      onSuccess: () => {
        notifySuccess('Officer deleted');
        if (editing?.officer_id === toDelete.officer_id) setEditing(null);
        setToDelete(null);
      },
      onError: (error) => notifyFailure(failureText('Failed to delete officer', error)),
    });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={3}>Inventory officers</Title>
        <Text size="sm" c="dimmed">
          Every new requisition is e-mailed to these people.
        </Text>
      </div>
      {canEdit && (
        <Paper withBorder radius="md" p="md">
          <OfficerForm key={editing?.officer_id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        </Paper>
      )}
      {officers.isError ? (
        <Alert color="red" role="alert">
          {`Failed to load officers: ${errorMessage(officers.error, 'please try again')}`}
        </Alert>
      ) : officers.isPending ? (
        <Skeleton h={80} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {canEdit
            ? 'No inventory officers yet. Add one so requisitions reach someone.'
            : 'No inventory officers yet. Ask your MD to add one so requisitions reach someone.'}
        </Text>
      ) : (
        <ScrollTable minWidth={420} label="Inventory officers">
          <Table striped withTableBorder aria-label="Inventory officers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((officer) => (
                <Table.Tr key={officer.officer_id}>
                  <Table.Td>{officer.officer_name}</Table.Td>
                  <Table.Td>{officer.officer_email}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {canEdit && (
                        <RowAction
                          label="Edit"
                          ariaLabel={`Edit ${officer.officer_name}`}
                          onClick={() => setEditing(officer)}
                        >
                          <IconPencil size={18} />
                        </RowAction>
                      )}
                      {canDelete && (
                        <RowAction
                          label="Delete"
                          color="red"
                          ariaLabel={`Delete ${officer.officer_name}`}
                          onClick={() => setToDelete(officer)}
                        >
                          <IconTrash size={18} />
                        </RowAction>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete officer"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        <Text size="sm">
          Delete {toDelete?.officer_name} ({toDelete?.officer_email})? They will no longer get requisition
          e-mails.
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
