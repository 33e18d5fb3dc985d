import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconTransform, IconUpload } from '@tabler/icons-react';
import type { TProforma } from '@app/domain/schemas/sales';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { usePendingProformas } from '../api/get-pending-proformas';
import { useUploadProformaInvoice } from '../api/upload-proforma-invoice';
import { ConvertProformaModal } from './convert-proforma-modal';
import { conversionProblem } from '../utils/convert-proforma-errors';
import { InvoiceCapture } from '../../../components/invoice-capture/invoice-capture';
import { invoiceFileProblem } from '../../../components/invoice-capture/invoice-capture-file';
import { failureText, notifySaleError, notifySaleSuccess } from '../utils/sale-form-notify';

export const PROFORMAS_FAILURE = 'Failed to load proformas';
export const UPLOAD_FAILURE = 'Failed to upload invoice';

function PendingProformaCard({ proforma, onConvert }: { proforma: TProforma; onConvert: () => void }) {
  const upload = useUploadProformaInvoice();
  const [file, setFile] = useState<File | null>(null);
  const fileProblem = invoiceFileProblem(file);
  const hasInvoice = Boolean(proforma.invoice_url);

  const send = () => {
    if (!file || fileProblem) return;
    upload.mutate(
      { proformaId: proforma.proforma_id, file },
      {
        onSuccess: () => {
          setFile(null);
          notifySaleSuccess(`Invoice uploaded for proforma #${proforma.proforma_number}`);
        },
        onError: (error) => {
          const mapped = conversionProblem(errorMessage(error, ''));
          notifySaleError(
            mapped.kind === 'invoice-already-uploaded' ? mapped.message : failureText(UPLOAD_FAILURE, error),
          );
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" role="listitem" aria-label={`Proforma #${proforma.proforma_number}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700} size="sm">
          #{proforma.proforma_number} · {formatDate(proforma.date)}
        </Text>
        <Badge variant="light" color={hasInvoice ? 'green' : 'gray'}>
          {hasInvoice ? 'Invoice uploaded' : 'No invoice'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {proforma.warehouse_name} · {formatCount(proforma.items.length)}{' '}
        {proforma.items.length === 1 ? 'item' : 'items'}
      </Text>
      <Text size="sm" fw={600} mb="xs">
        {formatMoney(proforma.grand_total)}
      </Text>
      {!hasInvoice && (
        <Stack gap="xs" mb="xs">
          <InvoiceCapture
            id={`proforma-${proforma.proforma_id}-invoice`}
            label="Invoice file"
            value={file}
            onChange={setFile}
            disabled={upload.isPending}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} />}
            onClick={send}
            disabled={!file || Boolean(fileProblem)}
            loading={upload.isPending}
          >
            Upload
          </Button>
        </Stack>
      )}
      <Button size="xs" fullWidth leftSection={<IconTransform size={16} />} onClick={onConvert}>
        Convert to Sale
      </Button>
    </Paper>
  );
}

/** The pending proformas of the customer typed in the Proforma form, with invoice upload and Convert. */
export function ProformaSidePanel({ customerName }: { customerName: string }) {
  const pending = usePendingProformas(customerName);
  const [converting, setConverting] = useState<TProforma | null>(null);

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="pending-proformas-heading">
      <Group justify="space-between" mb="xs" gap="xs">
        <Text id="pending-proformas-heading" fw={700}>
          Pending proformas
        </Text>
        {pending.isFetching && <Loader size="xs" aria-label="Loading proformas" />}
      </Group>
      {!customerName ? (
        <Text size="sm" c="dimmed">
          Type a customer name to see their pending proformas.
        </Text>
      ) : pending.isError ? (
        <Alert color="red" variant="light" role="alert">
          {failureText(PROFORMAS_FAILURE, pending.error)}
        </Alert>
      ) : pending.data && pending.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No pending proformas for {customerName}.
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={`Pending proformas for ${customerName}`}>
          {(pending.data ?? []).map((proforma) => (
            <PendingProformaCard
              key={proforma.proforma_id}
              proforma={proforma}
              onConvert={() => setConverting(proforma)}
            />
          ))}
        </Stack>
      )}
      <ConvertProformaModal
        proforma={converting}
        opened={converting !== null}
        onClose={() => setConverting(null)}
      />
    </Paper>
  );
}
