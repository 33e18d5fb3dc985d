import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TSale } from '@app/domain/schemas/sales';
import { LaterPaymentForm } from '../../../components/later-payment-form';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useRecordSalePayment } from '../api/record-sale-payment';
import {
  SALE_PAYMENT_MESSAGES,
  SALE_PAYMENT_METHOD_OPTIONS,
  salePaymentFormSchema,
  salePaymentPayload,
  type TSalePaymentForm,
  type TSalePaymentMethodChoice,
} from '../utils/sale-payment-form';
import { customerLabel } from '../utils/sale-row-format';
import { failureText, notifySaleError, notifySaleSuccess } from '../utils/sale-form-notify';

function initialMethod(sale: TSale): TSalePaymentMethodChoice {
  return sale.payment_method === 'none' ? 'cash' : sale.payment_method;
}

function SalePaymentForm({ sale, onDone }: { sale: TSale; onDone: () => void }) {
  const record = useRecordSalePayment();
  const idempotency = useIdempotencyKey(`sales.payment.${sale.sale_id}`);

  const submit = (values: TSalePaymentForm) => {
    const body = salePaymentPayload(values);
    record.mutate(
      {
        saleId: sale.sale_id,
        saleLabel: { sale_number: sale.sale_number, customer_name: sale.customer_name },
        body,
        idempotencyKey: idempotency.keyFor(body),
      },
      {
        onSuccess: (answer) => {
          idempotency.reset();
          notifySaleSuccess(answer.queued ? answer.message : SALE_PAYMENT_MESSAGES.success);
          onDone();
        },
        onError: (error) => notifySaleError(failureText(SALE_PAYMENT_MESSAGES.failure, error)),
      },
    );
  };

  return (
    <LaterPaymentForm
      idPrefix="sale-payment"
      total={sale.grand_total}
      paid={sale.amount_paid}
      outstanding={sale.outstanding}
      outstandingLabel="Outstanding"
      methodOptions={SALE_PAYMENT_METHOD_OPTIONS}
      initialMethod={initialMethod(sale)}
      schema={salePaymentFormSchema(sale.outstanding)}
      capAmount
      noFutureDate
      pending={record.isPending}
      onSubmit={submit}
      onCancel={onDone}
    />
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
          ? `Record payment: sale #${sale.sale_number}, ${customerLabel(sale.customer_name)}`
          : 'Record payment'
      }
      size="lg"
      fullScreen={phone}
    >
      {sale && <SalePaymentForm key={sale.sale_id} sale={sale} onDone={onClose} />}
    </Modal>
  );
}
