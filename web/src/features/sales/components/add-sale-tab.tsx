import { Alert } from '@mantine/core';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { AddSaleForm, AddSaleNoWarehouses } from './add-sale-form';
import { useSalesWarehouses } from '../api/get-sales-warehouses';

export const WAREHOUSES_FAILURE = 'Failed to load warehouses';

/** Add Sale (spec 2 §2): the form once the user's warehouses are known. */
export function AddSaleTab({ onRecorded }: { onRecorded: () => void }) {
  const warehouses = useSalesWarehouses();
  if (warehouses.isPending) return <PageSpinner />;
  if (warehouses.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(warehouses.error, WAREHOUSES_FAILURE)}
      </Alert>
    );
  if (warehouses.data.length === 0) return <AddSaleNoWarehouses />;
  return <AddSaleForm warehouses={warehouses.data} onRecorded={onRecorded} />;
}
