import { FileInput } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { INVOICE_ACCEPT, MAX_UPLOAD_BYTES } from '@app/domain/files/uploads';

export const INVOICE_SIZE_MESSAGE = 'File size must be less than 10MB';
export const INVOICE_TYPE_MESSAGE = 'Invoice must be a PDF, JPG or PNG file';

/** Spec 3 §5: pdf, jpg, jpeg and png, at most 10 MB. */
export function invoiceFileError(file: File | null): string | null {
  if (!file) return null;
  if (!/\.(pdf|png|jpe?g)$/i.test(file.name)) return INVOICE_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return INVOICE_SIZE_MESSAGE;
  return null;
}

export function InvoiceFileInput({
  value,
  onChange,
  disabled,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  return (
    <FileInput
      label="Invoice (optional)"
      description="PDF, JPG or PNG, up to 10 MB"
      placeholder="Choose a file"
      accept={INVOICE_ACCEPT}
      clearable
      value={value}
      onChange={onChange}
      error={invoiceFileError(value)}
      disabled={disabled}
      leftSection={<IconFileInvoice size={18} aria-hidden="true" />}
    />
  );
}
