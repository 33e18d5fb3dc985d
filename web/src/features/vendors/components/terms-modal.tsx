import { Box, Button, Group, Modal } from '@mantine/core';
import { API_BASE } from '../../../lib/api-client';

/** The vendor Terms and Conditions: the server's page, embedded (spec 3 §2.5). */
export function TermsModal({
  opened,
  onClose,
  onAccept,
}: {
  opened: boolean;
  onClose: () => void;
  onAccept: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Vendor Terms and Conditions" size="lg">
      <Box
        component="iframe"
        src={`${API_BASE}/vendors/terms`}
        title="Vendor Terms and Conditions"
        w="100%"
        h={360}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onAccept}>I accept</Button>
      </Group>
    </Modal>
  );
}
