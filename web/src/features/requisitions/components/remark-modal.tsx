import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { TRequisition } from '@app/domain/schemas/requisitions';

/** Update remark: the requisition's remark, saved as typed (empty clears it). */
export function RemarkModal({
  requisition,
  pending,
  onSave,
  onClose,
}: {
  requisition: TRequisition | null;
  pending: boolean;
  onSave: (remark: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={requisition !== null} onClose={onClose} title="Update remark" centered>
      {requisition && (
        <RemarkForm
          key={requisition.requisition_id}
          initial={requisition.remark ?? ''}
          pending={pending}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RemarkForm({
  initial,
  pending,
  onSave,
  onClose,
}: {
  initial: string;
  pending: boolean;
  onSave: (remark: string) => void;
  onClose: () => void;
}) {
  const [remark, setRemark] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(remark);
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Remark"
          autosize
          minRows={2}
          maxLength={1000}
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save Remark
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
