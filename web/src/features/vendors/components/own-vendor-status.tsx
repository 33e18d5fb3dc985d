import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import type { TVendor } from '@app/domain/schemas/vendors';
import { formatDate } from '../../../lib/format';
import { StatusBadge } from './status-badge';

const EXPLANATION = {
  pending:
    'Your registration is awaiting approval. You can upload products now; they show on the marketplace once you and they are approved.',
  approved: 'Your business is an approved vendor. Approved products show on the public marketplace.',
  rejected: 'Your registration was rejected. Correct it and register again below.',
} as const;

/** The business's vendor profile and where it stands (spec 3 §4). */
export function OwnVendorStatus({ vendor }: { vendor: TVendor }) {
  return (
    <Paper withBorder p="md" radius="md" aria-label="Your vendor profile">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{vendor.name}</Text>
          <StatusBadge status={vendor.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {vendor.category} · {vendor.location} · registered {formatDate(vendor.created_at)}
        </Text>
        <Text size="sm">{EXPLANATION[vendor.status]}</Text>
        {vendor.status === 'rejected' && vendor.rejection_reason && (
          <Alert color="red" title="Reason">
            {vendor.rejection_reason}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
