import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

/** Asks before something is deleted: what goes, then Cancel (focused first) and a red confirm button. */
export function ConfirmDeleteModal({
  opened,
  title,
  confirmLabel = 'Delete',
  pending,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  confirmLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
