import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LaterPaymentForm } from '../../../components/later-payment-form';
import { useRecordPurchasePayment } from '../api/record-purchase-payment';
import {
  laterPaymentRequest,
  laterPaymentSchema,
  type TLaterPaymentValues,
} from '../../../components/later-payment-schema';
import { notifyError, notifySuccess } from '../restock-notify';
import type { TPurchase } from '../restock-types';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { PAYMENT_METHOD_OPTIONS } from './payment-fields';

export const PAYMENT_MESSAGES = {
  success: 'Payment recorded successfully',
  failure: 'Failed to record payment',
} as const;

function PaymentForm({ purchase, onDone }: { purchase: TPurchase; onDone: () => void }) {
  const record = useRecordPurchasePayment();
  const idempotency = useIdempotencyKey(`restock.payment.${purchase.purchase_id}`);

  const submit = (valid: TLaterPaymentValues) => {
    const body = laterPaymentRequest(valid);
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
  };

  return (
    <LaterPaymentForm
      idPrefix="payment"
      total={purchase.purchase_total}
      paid={purchase.purchase_amount_paid}
      outstanding={purchase.purchase_outstanding}
      outstandingLabel="Remaining balance"
      methodOptions={PAYMENT_METHOD_OPTIONS}
      initialMethod={purchase.payment_method ?? 'cash'}
      schema={laterPaymentSchema('purchase', purchase.purchase_outstanding)}
      shareButtons
      pending={record.isPending}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}

/** "Rice from Mama Ngozi", or "3 items from Mama Ngozi" for a restock batch (paid as one purchase). */
export function purchasePaymentSubject(purchase: TPurchase): string {
  const what =
    purchase.purchase_line_count > 1 ? `${purchase.purchase_line_count} items` : purchase.item_name;
  return `${what} from ${purchase.supplier_name}`;
}

/** A later payment against a purchase with money outstanding (all of a restock batch: it is one purchase). */
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
      title={purchase ? `Record payment: ${purchasePaymentSubject(purchase)}` : 'Record payment'}
      size="lg"
      fullScreen={phone}
    >
      {purchase && <PaymentForm key={purchase.purchase_id} purchase={purchase} onDone={onClose} />}
    </Modal>
  );
}
