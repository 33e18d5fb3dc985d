import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { nairaToKobo } from '@app/domain/money/money';
import { amountPaidAtCreation } from '@app/domain/money/payment';
import { DUE_DATE_REQUIRED, type TSaleBatchRequest } from '@app/domain/schemas/sales';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/format';
import type { TOutboxRecord } from '../../../lib/offline/db';
import { offlineSync } from '../../../lib/offline/offline-sync';
import { newIdempotencyKey } from '../../../lib/use-idempotency-key';
import { saleStockChanges, saleTotal } from '../api/create-sale';
import { isPaymentStatus, SALE_PAYMENT_STATUSES, type TSalePaymentStatus } from '../utils/sale-form-options';

type TLine = TSaleBatchRequest['items'][number];
type TPayment = { status: TSalePaymentStatus; partialAmount: number | ''; dueDate: string };

/** The payment as the sale was queued: what a partial sale paid, a credit sale's due date. */
function paymentOf(body: TSaleBatchRequest): TPayment {
  const paid = body.partial_payment_amount ?? body.amount_customer_paid;
  return {
    status: body.payment_status,
    partialAmount: typeof paid === 'number' ? paid : '',
    dueDate: body.due_date ?? '',
  };
}

/** Why the edited payment cannot be sent (the server's own rules, said before sending), or null. */
function paymentProblem(payment: TPayment, total: number): string | null {
  if (payment.status === 'credit' && !payment.dueDate) return DUE_DATE_REQUIRED;
  const entered = payment.partialAmount === '' ? null : nairaToKobo(payment.partialAmount);
  const paid = amountPaidAtCreation(payment.status, nairaToKobo(total), entered);
  return paid.ok ? null : paid.error;
}

/** The sale as it is sent again: its kept lines and, for a sale that owed money, the payment as edited. */
function editedSale(body: TSaleBatchRequest, items: TLine[], payment: TPayment): TSaleBatchRequest {
  if (body.payment_status === 'paid') return { ...body, items };
  const partial = payment.status === 'partial';
  return {
    ...body,
    items,
    payment_status: payment.status,
    amount_customer_paid: null,
    partial_payment_amount: partial && payment.partialAmount !== '' ? payment.partialAmount : null,
    partial_payment_date: partial ? (body.partial_payment_date ?? null) : null,
    due_date: payment.status === 'paid' ? null : payment.dueDate || null,
  };
}

/**
 * Edit a refused sale and send it again: its quantities (0 takes a line out) and, when it owed money, its
 * payment, so a sale cut down below what the customer paid can still go (a partial payment must stay below
 * the total).
 */
/** A receipt may have been printed or shared from the device before the server refused the sale. */
export const RECEIPT_CHANGED_NOTE =
  'A receipt printed before this change shows the old items and total: give the customer a new one once the sale syncs.';

export function EditQueuedSaleModal({ record, onClose }: { record: TOutboxRecord; onClose: () => void }) {
  const body = record.body as TSaleBatchRequest;
  const [quantities, setQuantities] = useState(() => body.items.map((line) => Number(line.quantity)));
  const [payment, setPayment] = useState(() => paymentOf(body));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = body.items
    .map((line, index) => ({ ...line, quantity: quantities[index] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const total = items.length ? saleTotal({ ...body, items }) : 0;
  const owed = body.payment_status !== 'paid';
  const itemsChanged = body.items.some((line, index) => quantities[index] !== Number(line.quantity));
  const changePayment = (patch: Partial<TPayment>) => {
    setProblem(null);
    setPayment((current) => ({ ...current, ...patch }));
  };

  const resend = async () => {
    const stop = owed ? paymentProblem(payment, total) : null;
    if (stop) {
      setProblem(stop);
      return;
    }
    setBusy(true);
    const edited = editedSale(body, items, payment);
    await offlineSync.resend(record.seq, {
      body: edited,
      newKey: newIdempotencyKey(),
      stock: saleStockChanges(edited),
      summary: { ...record.summary, total, payment_status: edited.payment_status, lines: items.length },
    });
    setBusy(false);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title="Edit and resend the sale" centered>
      <Stack gap="sm">
        {record.detail && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {record.detail}
          </Alert>
        )}
        {body.items.map((line, index) => (
          <NumberInput
            key={`${String(line.item_id)}-${index}`}
            label={`${line.item_name ?? 'Item'} (${formatMoney(Number(line.unit_price))} each)`}
            min={0}
            allowDecimal={false}
            value={quantities[index]}
            onChange={(value) => {
              setProblem(null);
              setQuantities((current) => current.map((q, i) => (i === index ? Number(value) || 0 : q)));
            }}
          />
        ))}
        <Text size="sm">
          New total: <b>{formatMoney(total)}</b>
        </Text>
        {itemsChanged && (
          <Text size="sm" c="orange.9" role="note">
            {RECEIPT_CHANGED_NOTE}
          </Text>
        )}
        {owed && (
          <>
            <Select
              label="Payment status"
              data={SALE_PAYMENT_STATUSES}
              allowDeselect={false}
              value={payment.status}
              onChange={(value) => isPaymentStatus(value) && changePayment({ status: value })}
              comboboxProps={{ withinPortal: true }}
            />
            {payment.status === 'partial' && (
              <MoneyInput
                label="Partial amount (₦)"
                allowNegative={false}
                required
                value={payment.partialAmount}
                onChange={(value) => changePayment({ partialAmount: typeof value === 'number' ? value : '' })}
              />
            )}
            {payment.status === 'credit' && (
              <TextInput
                type="date"
                label="Due date"
                required
                value={payment.dueDate}
                onChange={(event) => changePayment({ dueDate: event.currentTarget.value })}
              />
            )}
          </>
        )}
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void resend()} loading={busy} disabled={items.length === 0}>
            Resend
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
