import { Alert } from '@mantine/core';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useHasPermission } from '../../../lib/use-has-permission';
import { AddSaleNoWarehouses } from './add-sale-form';
import { useSalesWarehouses } from '../api/get-sales-warehouses';
import { ProformaForm } from './proforma-form';
import { WAREHOUSES_FAILURE } from './add-sale-tab';
import { RECORDING_KEY, RecordingDenied } from './recording-denied';

/** Proforma (spec 2 §2): the create form and the customer's pending proformas. */
export function ProformaTab() {
  const warehouses = useSalesWarehouses();
  const mayRecord = useHasPermission(RECORDING_KEY);
  if (!mayRecord) return <RecordingDenied />;
  if (warehouses.isPending) return <PageSpinner />;
  if (warehouses.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(warehouses.error, WAREHOUSES_FAILURE)}
      </Alert>
    );
  if (warehouses.data.length === 0) return <AddSaleNoWarehouses />;
  return <ProformaForm warehouses={warehouses.data} />;
}
