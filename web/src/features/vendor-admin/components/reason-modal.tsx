import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  ZDeletionReasonSchema,
  ZRejectionReasonSchema,
  type TDecisionReason,
} from '@app/domain/schemas/vendor-admin';

/** The reject and delete modals: each asks for a reason before it acts (spec 3 §2.6). */
export function ReasonModal({
  opened,
  title,
  subject,
  confirmLabel,
  deletes,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  /** A delete (its reason refused in its own words); otherwise a reject. */
  deletes: boolean;
  title: string;
  subject: string;
  confirmLabel: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const form = useForm<TDecisionReason>({
    initialValues: { reason: '' },
    validate: zod4Resolver(deletes ? ZDeletionReasonSchema : ZRejectionReasonSchema),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={form.onSubmit(({ reason }) => onConfirm(reason.trim()))}>
        <Stack gap="sm">
          <Text size="sm">{subject}</Text>
          <Textarea label="Reason" autosize minRows={3} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
