import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  ZReviewMarkRequestSchema,
  type TReviewRecord,
  type TReviewMarkRequest,
} from '@app/domain/schemas/admin-review';
import { formatMoney } from '../../../lib/format';

/** Flag a record with a note for the MD; the note is required (the domain's schema says so). */
export function FlagModal({
  record,
  saving,
  onClose,
  onFlag,
}: {
  record: TReviewRecord;
  saving: boolean;
  onClose: () => void;
  onFlag: (mark: TReviewMarkRequest) => void;
}) {
  const form = useForm<TReviewMarkRequest>({
    initialValues: {
      record_type: record.record_type,
      record_id: record.record_id,
      state: 'flagged',
      note: '',
    },
    validate: zod4Resolver(ZReviewMarkRequestSchema),
  });
  return (
    <Modal opened onClose={onClose} title="Flag for the MD" centered>
      <form onSubmit={form.onSubmit(onFlag)}>
        <Stack>
          <Text size="sm">
            {record.party} · {formatMoney(record.total)}
          </Text>
          <Textarea
            label="Note"
            placeholder="What the MD should look at"
            autosize
            minRows={3}
            data-autofocus
            {...form.getInputProps('note')}
            value={form.values.note ?? ''}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={saving}>
              Flag
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
