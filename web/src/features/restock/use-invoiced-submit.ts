import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from './restock-notify';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { useInvoiceUpload } from './use-invoice-upload';

type TMessages = { uploadFailure: string; success: string; failure: string };

/**
 * A restock form's submission: upload the chosen invoice (once, even across retries), then send the
 * body with an Idempotency-Key that a retry of the same body reuses.
 */
export function useInvoicedSubmit<TBody>(options: {
  /** Names the form for its stored Idempotency-Key ("restock.batch"). */
  scope: string;
  mutation: UseMutationResult<unknown, Error, { body: TBody; idempotencyKey: string }>;
  messages: TMessages;
  onDone: () => void;
}) {
  const idempotency = useIdempotencyKey(options.scope);
  const invoice = useInvoiceUpload();
  const [uploading, setUploading] = useState(false);

  async function submit(buildBody: (invoiceUrl: string | undefined) => TBody) {
    if (invoice.invalid) return;
    let invoiceUrl: string | undefined;
    try {
      setUploading(true);
      invoiceUrl = await invoice.url();
    } catch (error) {
      notifyError(error, options.messages.uploadFailure);
      return;
    } finally {
      setUploading(false);
    }
    const body = buildBody(invoiceUrl);
    options.mutation.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: () => {
          idempotency.reset();
          notifySuccess(options.messages.success);
          options.onDone();
        },
        onError: (error) => notifyError(error, options.messages.failure),
      },
    );
  }

  return { invoice, submit, busy: uploading || options.mutation.isPending };
}
