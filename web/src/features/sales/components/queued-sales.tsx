import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { owesMoney, type TSaleBatchRequest } from '@app/domain/schemas/sales';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { QueuedStatusBadge, recordedTime } from '../../../components/queued-records';
import { formatCount, formatMoney } from '../../../lib/format';
import type { TOutboxRecord } from '../../../lib/offline/db';
import { offlineSync, useSyncState } from '../../../lib/offline/offline-sync';
import { saleFigures, saleTotal } from '../api/create-sale';
import { lineTotal } from '../utils/sale-lines';
import { formatBusinessDate } from '../utils/sale-row-format';
import { EditQueuedSaleModal } from './edit-queued-sale-modal';
import { ReceiptStep } from './receipt-step';

const bodyOf = (record: TOutboxRecord) => record.body as TSaleBatchRequest;
/** A sale on this device on credit or part paid: Pending shows it too. */
export const isOwingQueuedSale = (record: TOutboxRecord) =>
  record.kind === 'sale' && owesMoney(bodyOf(record).payment_status);
const warehouseOf = (body: TSaleBatchRequest) => body.warehouse_name ?? body.items[0]?.warehouse_name ?? '';

/** The receipt of a sale waiting on this device, as the receipt step showed it: printed from the screen. */
function QueuedReceipt({ record }: { record: TOutboxRecord }) {
  const body = bodyOf(record);
  const number = record.summary.receipt_number;
  return (
    <ReceiptStep
      numberLabel={typeof number === 'string' ? number : 'Receipt number on sync'}
      total={saleTotal(body)}
      sale={null}
      queued
      summary={{
        customerName: body.customer_name,
        date: body.sale_date,
        recordedAt: record.recordedAt,
        paymentStatus: body.payment_status,
        paymentMethod: body.payment_method,
        figures: saleFigures(body),
        lines: body.items.map((line) => {
          const shown = {
            item_id: Number(line.item_id),
            item_name: line.item_name ?? 'Item',
            quantity: Number(line.quantity),
            unit_price: Number(line.unit_price),
          };
          return { item_name: shown.item_name, quantity: shown.quantity, total_amount: lineTotal(shown) };
        }),
      }}
    />
  );
}

function QueuedSaleCard({
  record,
  onEdit,
  onDiscard,
  onReceipt,
}: {
  record: TOutboxRecord;
  onEdit: () => void;
  onDiscard: () => void;
  onReceipt: () => void;
}) {
  const body = bodyOf(record);
  const refused = record.status === 'needs_attention';
  const number = record.summary.receipt_number;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="queued-sale" bg={refused ? 'red.0' : 'yellow.0'}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            {typeof number === 'string' ? number : 'Sale on this device'} · {body.customer_name}
          </Text>
          <QueuedStatusBadge refused={refused} />
        </Group>
        <Text size="sm">
          {body.items
            .map((line) => `${line.item_name ?? 'Item'} × ${formatCount(Number(line.quantity))}`)
            .join(', ')}
        </Text>
        <Text size="sm">
          {formatMoney(saleTotal(body))} · {warehouseOf(body)} · recorded {recordedTime(record.recordedAt)}
        </Text>
        {owesMoney(body.payment_status) && (
          <Text size="sm" fw={700} c="orange.8">
            {formatMoney(saleFigures(body).balance)} outstanding
            {body.due_date ? ` · due ${formatBusinessDate(body.due_date)}` : ''}
          </Text>
        )}
        {!refused && (
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconReceipt size={16} />} onClick={onReceipt}>
              Receipt
            </Button>
          </Group>
        )}
        {refused && (
          <>
            <Text size="sm" c="red.9" fw={600} role="alert">
              {record.detail}
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={onEdit}>
                Edit and resend
              </Button>
              <Button size="xs" color="red" variant="light" onClick={onDiscard}>
                Discard
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The sales recorded on this device that the server does not have yet (issue 16 §3), above the List (and,
 * `owingOnly`, those on credit or part paid above Pending): waiting to sync, or refused ("needs attention"
 * with the server's reason, to edit and resend or discard).
 */
export function QueuedSales({ owingOnly = false }: { owingOnly?: boolean }) {
  const state = useSyncState();
  const [editing, setEditing] = useState<TOutboxRecord | null>(null);
  const [receipt, setReceipt] = useState<TOutboxRecord | null>(null);
  const [discarding, setDiscarding] = useState<TOutboxRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const sales = state.records.filter((record) =>
    owingOnly ? isOwingQueuedSale(record) : record.kind === 'sale',
  );
  if (sales.length === 0) return null;

  const discard = async (record: TOutboxRecord) => {
    setBusy(true);
    await offlineSync.discard(record.seq);
    setBusy(false);
    setDiscarding(null);
  };

  return (
    <Stack gap="xs" aria-label={owingOnly ? 'Sales owing on this device' : 'Sales on this device'}>
      {sales.map((record) => (
        <QueuedSaleCard
          key={record.seq}
          record={record}
          onEdit={() => setEditing(record)}
          onDiscard={() => setDiscarding(record)}
          onReceipt={() => setReceipt(record)}
        />
      ))}
      {editing && <EditQueuedSaleModal record={editing} onClose={() => setEditing(null)} />}
      <Modal opened={receipt !== null} onClose={() => setReceipt(null)} title="Receipt" centered>
        {receipt && <QueuedReceipt record={receipt} />}
      </Modal>
      <ConfirmDeleteModal
        opened={discarding !== null}
        title="Discard this sale?"
        confirmLabel="Discard"
        pending={busy}
        onConfirm={() => discarding && void discard(discarding)}
        onClose={() => setDiscarding(null)}
      >
        <Text size="sm">
          The sale to {discarding ? bodyOf(discarding).customer_name : ''} is removed from this device and
          never reaches the server.
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
