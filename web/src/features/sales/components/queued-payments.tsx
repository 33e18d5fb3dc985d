import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TSale, TSalePaymentRequest } from '@app/domain/schemas/sales';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/format';
import type { TOutboxRecord } from '../../../lib/offline/db';
import { offlineSync, useSyncState } from '../../../lib/offline/offline-sync';
import { newIdempotencyKey } from '../../../lib/use-idempotency-key';
import { customerLabel } from '../utils/sale-row-format';
import { QueuedStatusBadge } from '../../../components/queued-records';

export const PAYMENT_AMOUNT_REQUIRED = 'Enter an amount greater than zero';
export const paymentOverOutstanding = (outstanding: number) =>
  `The sale has ${formatMoney(outstanding)} outstanding`;

/** Change a refused payment's amount (the sale may have been paid meanwhile) and send it again. */
function EditQueuedPayment({
  record,
  sale,
  onClose,
}: {
  record: TOutboxRecord;
  sale: TSale | undefined;
  onClose: () => void;
}) {
  const body = record.body as TSalePaymentRequest;
  const [amount, setAmount] = useState<number | string>(Number(body.amount));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    const value = Number(amount);
    if (!(value > 0)) return setProblem(PAYMENT_AMOUNT_REQUIRED);
    if (sale && value > sale.outstanding) return setProblem(paymentOverOutstanding(sale.outstanding));
    setBusy(true);
    await offlineSync.resend(record.seq, {
      body: { ...body, amount: value },
      newKey: newIdempotencyKey(),
      summary: { ...record.summary, amount: value },
    });
    setBusy(false);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title="Edit and resend the payment" centered>
      <Stack gap="sm">
        {record.detail && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {record.detail}
          </Alert>
        )}
        {sale && (
          <Text size="sm">
            Sale #{sale.sale_number}, {customerLabel(sale.customer_name)}: {formatMoney(sale.outstanding)}{' '}
            outstanding
          </Text>
        )}
        <MoneyInput
          label="Amount"
          allowNegative={false}
          data-autofocus
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setProblem(null);
          }}
          error={problem}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void resend()} loading={busy}>
            Resend
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Later payments taken on this device that the server does not have yet, above the Pending list: waiting to
 * sync, or refused (the server's reason, Edit and resend, and Discard).
 */
/** " on sale #3, Musa Bello": from the list, else from what the record kept when it was queued. */
function saleLabelOf(record: TOutboxRecord, sale: TSale | undefined): string {
  const number = sale?.sale_number ?? record.summary.sale_number;
  const customer = sale?.customer_name ?? record.summary.customer_name;
  if (number === undefined || number === null) return '';
  return ` on sale #${String(number)}, ${customerLabel(typeof customer === 'string' ? customer : null)}`;
}

export function QueuedPayments({ sales }: { sales: readonly TSale[] }) {
  const state = useSyncState();
  const [discarding, setDiscarding] = useState<TOutboxRecord | null>(null);
  const [editing, setEditing] = useState<TOutboxRecord | null>(null);
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
                {saleLabelOf(record, sale)}
              </Text>
              <QueuedStatusBadge refused={refused} />
            </Group>
            {refused && (
              <Group gap="xs" mt={4} justify="space-between">
                <Text size="sm" c="red.9" fw={600} role="alert">
                  {record.detail}
                </Text>
                <Group gap="xs">
                  <Button size="xs" onClick={() => setEditing(record)}>
                    Edit and resend
                  </Button>
                  <Button size="xs" color="red" variant="light" onClick={() => setDiscarding(record)}>
                    Discard
                  </Button>
                </Group>
              </Group>
            )}
          </Paper>
        );
      })}
      {editing && (
        <EditQueuedPayment record={editing} sale={saleOf(editing)} onClose={() => setEditing(null)} />
      )}
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
