import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TPendingProduct } from '@app/domain/schemas/vendor-admin';
import { formatCount, formatMoney } from '../../../lib/format';
import { AdminImage } from './admin-image';

/** A long name wraps onto the next line on a phone instead of being cut off. */
const WRAP = { overflowWrap: 'anywhere' } as const;

export function ProductCard({
  product,
  grant,
  busy,
  onView,
  onApprove,
  onReject,
  onDelete,
}: {
  product: TPendingProduct;
  grant: string;
  busy: boolean;
  onView: () => void;
  onApprove: () => void;
  onReject: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={product.product_name}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <div style={{ width: 96, flexShrink: 0 }}>
          <AdminImage url={product.product_images[0]} grant={grant} alt={product.product_name} h={96} />
        </div>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} style={WRAP}>
            {product.product_name}
          </Text>
          <Text size="xs" c="dimmed" style={WRAP}>
            {product.vendor_name} · {product.category}
          </Text>
          <Text size="sm" fw={600}>
            {formatMoney(product.price)}
          </Text>
          <Text size="xs">
            Stock: {formatCount(product.stock_quantity)} · NAFDAC: {product.nafdac_number || '—'}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={onView}>
          View
        </Button>
        <Button size="xs" color="green" onClick={onApprove} loading={busy}>
          Approve
        </Button>
        <Button size="xs" color="red" variant="light" onClick={onReject} disabled={busy}>
          Reject
        </Button>
        <Button size="xs" color="red" variant="subtle" onClick={onDelete} disabled={busy}>
          Delete
        </Button>
      </Group>
    </Paper>
  );
}
