import type { ReactNode } from 'react';
import { Button, Group, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { TPaymentFormFields } from '../restock-forms';
import { InvoiceFileInput } from './invoice-file-input';
import { PaymentFields } from './payment-fields';

/** The payment, the supplier's invoice file and the notes of a purchase: Add New Item and Restock Items. */
export function PurchasePaymentPart({
  idPrefix,
  values,
  errors,
  totalKobo,
  onChange,
  invoice,
  notes,
}: {
  idPrefix: string;
  values: TPaymentFormFields;
  errors: Partial<Record<keyof TPaymentFormFields, ReactNode>>;
  totalKobo: number;
  onChange: (patch: Partial<TPaymentFormFields>) => void;
  invoice: { file: File | null; setFile: (file: File | null) => void };
  notes: GetInputPropsReturnType;
}) {
  return (
    <>
      <PaymentFields
        idPrefix={idPrefix}
        values={values}
        errors={errors}
        totalKobo={totalKobo}
        onChange={onChange}
      />
      <InvoiceFileInput value={invoice.file} onChange={invoice.setFile} />
      <Textarea
        id={`${idPrefix}-notes`}
        label="Notes (optional)"
        autosize
        minRows={2}
        maxRows={5}
        maxLength={1000}
        {...notes}
      />
    </>
  );
}

/** Cancel and the form's submit button, which spins while the purchase is sent. */
export function PurchaseFormActions({
  submitLabel,
  busy,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
