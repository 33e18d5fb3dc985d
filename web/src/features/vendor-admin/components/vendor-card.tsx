import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TPendingVendor } from '@app/domain/schemas/vendor-admin';
import { formatDate } from '../../../lib/format';

/** A long name wraps onto the next line on a phone instead of being cut off. */
const WRAP = { overflowWrap: 'anywhere' } as const;

export function VendorCard({
  vendor,
  busy,
  onView,
  onApprove,
  onReject,
}: {
  vendor: TPendingVendor;
  busy: boolean;
  onView: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={vendor.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={WRAP}>
              {vendor.name}
            </Text>
            <Text size="xs" c="dimmed" style={WRAP}>
              {vendor.business_name}
            </Text>
          </div>
          <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
            Pending
          </Badge>
        </Group>
        <Text size="sm">
          {vendor.category} · {vendor.location}
        </Text>
        <Text size="xs" c="dimmed">
          {vendor.delivery_scope} · {vendor.documents.length} document
          {vendor.documents.length === 1 ? '' : 's'} · Submitted {formatDate(vendor.created_at)}
        </Text>
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" onClick={onView}>
            View Details
          </Button>
          <Button size="xs" color="green" onClick={onApprove} loading={busy}>
            Approve
          </Button>
          <Button size="xs" color="red" variant="light" onClick={onReject} disabled={busy}>
            Reject
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
