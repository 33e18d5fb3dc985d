import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SIMILAR_FILE_QUESTION } from '@app/domain/files/similar-names';

/** Asked when the chosen invoice's name is like one uploaded before (spec 3 §2.2): keep it, or choose again. */
export function SimilarInvoiceModal({
  fileName,
  onUpload,
  onCancel,
}: {
  fileName: string | null;
  onUpload: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={fileName !== null} onClose={onCancel} title="Similar file name" centered>
      <Stack gap="sm">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {fileName}
        </Text>
        <Text size="sm">{SIMILAR_FILE_QUESTION}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button onClick={onUpload}>Upload anyway</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
