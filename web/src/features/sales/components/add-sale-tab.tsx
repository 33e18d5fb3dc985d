import { useDeferredValue, useState } from 'react';
import { Alert } from '@mantine/core';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import {
  freeTransactionsRemaining,
  isFreeLimitReached,
  isOnFreeTerms,
  useSubscriptionStatus,
} from '../../../lib/api/get-subscription-status';
import { useSyncState } from '../../../lib/offline/offline-sync';
import { useHasPermission } from '../../../lib/use-has-permission';
import { AddSaleForm, AddSaleNoWarehouses, type TRecordedSale } from './add-sale-form';
import { ReceiptStep, type TReceiptStepProps } from './receipt-step';
import { RECORDING_KEY, RecordingDenied } from './recording-denied';
import { useSalesWarehouses } from '../api/get-sales-warehouses';

export const WAREHOUSES_FAILURE = 'Failed to load warehouses';
export const FREE_PLAN_USED_ON_DEVICE =
  'The sales and expenses waiting on this device use the last of your free transactions: a new sale will be ' +
  'refused when it syncs. Upgrade to Pro to keep selling.';

/**
 * The server's count leaves room, but what waits on this device fills it (issue 16 §3): said before a sale is
 * recorded that the server will refuse. (With the server's count at the limit the lock screen shows instead.)
 */
function FreePlanUsedOnDevice() {
  const status = useSubscriptionStatus().data;
  const { records } = useSyncState();
  if (!status || !isOnFreeTerms(status) || isFreeLimitReached(status)) return null;
  if (freeTransactionsRemaining(status, records) > 0) return null;
  return (
    <Alert color="orange" variant="light" mb="sm" role="status">
      {FREE_PLAN_USED_ON_DEVICE}
    </Alert>
  );
}

/** The receipt step's view of a sale just recorded. */
function receiptOf({ answer, summary }: TRecordedSale): Omit<TReceiptStepProps, 'onNewSale'> {
  if (answer.queued)
    return {
      numberLabel: answer.queued.receipt_number ?? 'Receipt number on sync',
      total: answer.queued.total,
      sale: null,
      queued: true,
      summary: { ...summary, recordedAt: answer.queued.recorded_at },
    };
  return {
    numberLabel: `Sale #${answer.sale.sale_number}`,
    total: answer.sale.grand_total,
    sale: answer.sale,
    queued: false,
    summary: { ...summary, recordedAt: answer.sale.created_at },
  };
}

/** Add Sale (spec 2 §2): the form once the user's warehouses are known, then the sale's receipt. */
export function AddSaleTab() {
  const warehouses = useSalesWarehouses();
  // The answer is a synchronous render (useSyncExternalStore); the form then mounts in a deferred render,
  // which React splits into short tasks, so the phone's main thread is not blocked while it mounts.
  const list = useDeferredValue(warehouses.data);
  const [recorded, setRecorded] = useState<TRecordedSale | null>(null);
  const mayRecord = useHasPermission(RECORDING_KEY);
  if (!mayRecord) return <RecordingDenied />;
  if (warehouses.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(warehouses.error, WAREHOUSES_FAILURE)}
      </Alert>
    );
  if (list === undefined) return <PageSpinner />;
  if (list.length === 0) return <AddSaleNoWarehouses />;
  if (recorded) return <ReceiptStep {...receiptOf(recorded)} onNewSale={() => setRecorded(null)} />;
  return (
    <>
      <FreePlanUsedOnDevice />
      <AddSaleForm warehouses={list} onRecorded={setRecorded} />
    </>
  );
}
