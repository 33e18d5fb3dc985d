import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { businessDate } from '@app/domain/dates/business-date';
import { formatMoney } from '../../../lib/format';
import { useRecordPurchasePayment } from '../api/record-purchase-payment';
import { paymentFormSchema, paymentRequestPayload, type TPaymentForm } from '../restock-forms';
import { notifyError, notifySuccess } from '../restock-notify';
import type { TPaymentMethod, TPurchase } from '../restock-types';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { PAYMENT_METHOD_OPTIONS } from './payment-fields';

export const PAYMENT_MESSAGES = {
  success: 'Payment recorded successfully',
  failure: 'Failed to record payment',
} as const;

const ID = 'payment';

function PaymentForm({ purchase, onDone }: { purchase: TPurchase; onDone: () => void }) {
  const record = useRecordPurchasePayment();
  const idempotency = useIdempotencyKey();
  const form = useForm<TPaymentForm>({
    mode: 'controlled',
    initialValues: {
      amount: purchase.outstanding,
      payment_method: purchase.payment_method ?? 'cash',
      payment_date: businessDate(),
      notes: '',
    },
    validate: zod4Resolver(paymentFormSchema(purchase.outstanding)),
  });

  const submit = form.onSubmit((valid) => {
    const body = paymentRequestPayload(valid);
    record.mutate(
      { purchaseId: purchase.purchase_id, body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: () => {
          idempotency.reset();
          notifySuccess(PAYMENT_MESSAGES.success);
          onDone();
        },
        onError: (error) => notifyError(error, PAYMENT_MESSAGES.failure),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Record payment">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              Total
            </Text>
            <Text fw={600}>{formatMoney(purchase.total_price_paid)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Already paid
            </Text>
            <Text fw={600}>{formatMoney(purchase.amount_paid)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Remaining balance
            </Text>
            <Text fw={700} c="orange.8">
              {formatMoney(purchase.outstanding)}
            </Text>
          </div>
        </SimpleGrid>
        <Group gap="xs">
          {[
            { label: 'Full', share: 1 },
            { label: 'Half', share: 2 },
            { label: 'Quarter', share: 4 },
          ].map(({ label, share }) => (
            <Button
              key={label}
              size="xs"
              variant="light"
              onClick={() =>
                form.setFieldValue('amount', Math.round((purchase.outstanding * 100) / share) / 100)
              }
            >
              {label}
            </Button>
          ))}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            id={`${ID}-amount`}
            label="Amount (₦)"
            required
            min={0}
            clampBehavior="none"
            step={0.01}
            decimalScale={2}
            inputMode="decimal"
            thousandSeparator=","
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <NativeSelect
            id={`${ID}-payment_method`}
            label="Payment method"
            data={PAYMENT_METHOD_OPTIONS}
            value={form.getValues().payment_method}
            onChange={(event) =>
              form.setFieldValue('payment_method', event.currentTarget.value as TPaymentMethod)
            }
          />
          <TextInput
            id={`${ID}-payment_date`}
            type="date"
            label="Payment date"
            required
            {...form.getInputProps('payment_date')}
          />
          <Textarea
            id={`${ID}-notes`}
            label="Notes (optional)"
            autosize
            minRows={1}
            maxRows={4}
            maxLength={500}
            {...form.getInputProps('notes')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record Payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A later payment against a purchase with money outstanding. */
export function PurchasePaymentModal({
  purchase,
  onClose,
}: {
  purchase: TPurchase | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={purchase !== null}
      onClose={onClose}
      title={
        purchase ? `Record payment: ${purchase.item_name} from ${purchase.supplier_name}` : 'Record payment'
      }
      size="lg"
      fullScreen={phone}
    >
      {purchase && <PaymentForm key={purchase.purchase_id} purchase={purchase} onDone={onClose} />}
    </Modal>
  );
}
