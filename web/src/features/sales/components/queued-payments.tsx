import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TSale } from '@app/domain/schemas/sales';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { formatMoney } from '../../../lib/format';
import type { TOutboxRecord } from '../../../lib/offline/db';
import { offlineSync, useSyncState } from '../../../lib/offline/offline-sync';
import { customerLabel } from '../utils/sale-row-format';
import { QueuedStatusBadge } from '../../../components/queued-records';

/**
 * Later payments taken on this device that the server does not have yet, above the Pending list: waiting to
 * sync, or refused (the server's reason, and Discard).
 */
export function QueuedPayments({ sales }: { sales: readonly TSale[] }) {
  const state = useSyncState();
  const [discarding, setDiscarding] = useState<TOutboxRecord | null>(null);
  const payments = state.records.filter((record) => record.kind === 'sale_payment');
  if (payments.length === 0) return null;
  const saleOf = (record: TOutboxRecord) => sales.find((sale) => sale.sale_id === record.summary.sale_id);

  return (
    <Stack gap="xs" mb="sm" aria-label="Payments on this device">
      {payments.map((record) => {
        const sale = saleOf(record);
        const refused = record.status === 'needs_attention';
        return (
          <Paper
            key={record.seq}
            withBorder
            p="sm"
            radius="md"
            bg={refused ? 'red.0' : 'yellow.0'}
            data-testid="queued-payment"
          >
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={700}>
                Payment of {formatMoney(Number(record.summary.amount))}
                {sale ? ` on sale #${sale.sale_number}, ${customerLabel(sale.customer_name)}` : ''}
              </Text>
              <QueuedStatusBadge refused={refused} />
            </Group>
            {refused && (
              <Group gap="xs" mt={4} justify="space-between">
                <Text size="sm" c="red.9" fw={600} role="alert">
                  {record.detail}
                </Text>
                <Button size="xs" color="red" variant="light" onClick={() => setDiscarding(record)}>
                  Discard
                </Button>
              </Group>
            )}
          </Paper>
        );
      })}
      <ConfirmDeleteModal
        opened={discarding !== null}
        title="Discard this payment?"
        confirmLabel="Discard"
        pending={false}
        onConfirm={() => {
          if (discarding) void offlineSync.discard(discarding.seq);
          setDiscarding(null);
        }}
        onClose={() => setDiscarding(null)}
      >
        <Text size="sm">The payment is removed from this device and never reaches the server.</Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
