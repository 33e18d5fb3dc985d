import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Asks before automatic renewal is cancelled (AutoRenewControl loads it on the first tap). */
export function CancelRenewalModal({
  opened,
  endsOn,
  cancelling,
  onKeep,
  onCancel,
}: {
  opened: boolean;
  endsOn: string;
  cancelling: boolean;
  onKeep: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onKeep} title="Cancel automatic renewal?" centered>
      <Stack>
        <Text size="sm">
          Pro stays active until {endsOn || 'the end of the paid period'}. After that, the free plan&apos;s
          limits apply until you pay again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep}>
            Keep renewal
          </Button>
          <Button color="red" loading={cancelling} onClick={onCancel}>
            Cancel renewal
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
