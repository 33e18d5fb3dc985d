import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReceiptEmailStatus } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type { TReceiptEmailStatus } from '@app/domain/schemas/sales';
export type TReceiptEmailState = TReceiptEmailStatus['status'];

/** How often and how many times the modal asks while the e-mail is still queued. */
export const EMAIL_POLL_MS = 2000;
export const EMAIL_POLL_TIMES = 5;

export const getReceiptEmailStatus = (emailId: string | number) =>
  api.get<TReceiptEmailStatus>(`/sales/receipt/email/${encodeURIComponent(String(emailId))}`);

export const getReceiptEmailStatusQueryOptions = (emailId: string | number) =>
  queryOptions({
    queryKey: salesKeys.receiptEmail(emailId),
    queryFn: () => getReceiptEmailStatus(emailId),
  });

/** Asks a few times while the e-mail is queued; the outbox keeps retrying after that. */
export function useReceiptEmailStatus(emailId: string | number | null) {
  return useQuery({
    ...getReceiptEmailStatusQueryOptions(emailId ?? ''),
    enabled: emailId !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < EMAIL_POLL_TIMES
        ? EMAIL_POLL_MS
        : false,
  });
}
