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
import type { TSale } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useRecordSalePayment } from '../api/record-sale-payment';
import {
  SALE_PAYMENT_MESSAGES,
  SALE_PAYMENT_METHOD_OPTIONS,
  salePaymentFormSchema,
  salePaymentPayload,
  type TSalePaymentForm,
  type TSalePaymentMethodChoice,
} from '../sale-payment-form';
import { customerLabel } from '../sale-row-format';
import { failureText, notifySaleError, notifySaleSuccess } from '../sale-form-notify';

const ID = 'sale-payment';

function initialMethod(sale: TSale): TSalePaymentMethodChoice {
  return sale.payment_method === 'none' ? 'cash' : sale.payment_method;
}

function SalePaymentForm({ sale, onDone }: { sale: TSale; onDone: () => void }) {
  const record = useRecordSalePayment();
  const idempotency = useIdempotencyKey();
  const form = useForm<TSalePaymentForm>({
    mode: 'controlled',
    initialValues: {
      amount: sale.outstanding,
      payment_method: initialMethod(sale),
      payment_date: businessDate(),
      notes: '',
    },
    validate: zod4Resolver(salePaymentFormSchema(sale.outstanding)),
  });

  const submit = form.onSubmit((values) => {
    const body = salePaymentPayload(values);
    record.mutate(
      { saleId: sale.sale_id, body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: () => {
          idempotency.reset();
          notifySaleSuccess(SALE_PAYMENT_MESSAGES.success);
          onDone();
        },
        onError: (error) => notifySaleError(failureText(SALE_PAYMENT_MESSAGES.failure, error)),
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
            <Text fw={600}>{formatMoney(sale.grand_total)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Already paid
            </Text>
            <Text fw={600}>{formatMoney(sale.amount_paid)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Outstanding
            </Text>
            <Text fw={700} c="orange.8">
              {formatMoney(sale.outstanding)}
            </Text>
          </div>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            id={`${ID}-amount`}
            label="Amount (₦)"
            required
            min={0}
            max={sale.outstanding}
            clampBehavior="none"
            step={0.01}
            decimalScale={2}
            inputMode="decimal"
            thousandSeparator=","
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <NativeSelect
            id={`${ID}-method`}
            label="Payment method"
            data={SALE_PAYMENT_METHOD_OPTIONS}
            {...form.getInputProps('payment_method')}
          />
          <TextInput
            id={`${ID}-date`}
            type="date"
            label="Payment date"
            required
            max={businessDate()}
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

/** A later payment against a sale with money outstanding; at the full amount the sale is settled. */
export function SalePaymentModal({ sale, onClose }: { sale: TSale | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={sale !== null}
      onClose={onClose}
      title={
        sale
          ? `Record payment: sale #${sale.sale_id}, ${customerLabel(sale.customer_name)}`
          : 'Record payment'
      }
      size="lg"
      fullScreen={phone}
    >
      {sale && <SalePaymentForm key={sale.sale_id} sale={sale} onDone={onClose} />}
    </Modal>
  );
}
