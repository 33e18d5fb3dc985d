import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import {
  DUE_DATE_REQUIRED,
  type TConversionResult,
  type TProforma,
  type TProformaConvertRequest,
  type TSalePaymentMethod,
} from '@app/domain/schemas/sales';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useConvertProforma } from '../api/convert-proforma';
import { useUploadProformaInvoice } from '../api/upload-proforma-invoice';
import {
  CONVERSION_INVOICE_MESSAGE,
  conversionProblem,
  type TConversionProblem,
} from '../utils/convert-proforma-errors';
import { InvoiceCapture } from '../../../components/invoice-capture/invoice-capture';
import { invoiceFileProblem } from '../../../components/invoice-capture/invoice-capture-file';
import {
  isPaymentMethod,
  isPaymentStatus,
  SALE_PAYMENT_METHODS,
  SALE_PAYMENT_STATUSES,
  type TSalePaymentStatus,
} from '../utils/sale-form-options';
import { ScrollTable } from '../../../components/scroll-table';

/** The server's detail of a failed call, else the error's message. */
const detailOf = (error: unknown) => errorMessage(error, 'Request failed');

export function ConversionSummary({ result }: { result: TConversionResult }) {
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} title="Proforma converted">
        <Text size="sm">{result.message}</Text>
        <Text size="sm">
          Sale #{result.sale_number} · {formatCount(result.items_count)}{' '}
          {result.items_count === 1 ? 'item' : 'items'}
        </Text>
      </Alert>
      <Text fw={600} size="sm" id="conversion-updates">
        Inventory updates
      </Text>
      <ScrollTable minWidth={320} label="Inventory updates">
        <Table striped withTableBorder aria-labelledby="conversion-updates" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th ta="right">Stock out</Table.Th>
              <Table.Th>Error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.inventory_updates.map((update) => (
              <Table.Tr key={update.item_id}>
                <Table.Td>{update.item_name}</Table.Td>
                <Table.Td
                  fw={600}
                  c={
                    update.action === 'failed' ? 'red.8' : update.action === 'skipped' ? 'dimmed' : 'green.8'
                  }
                >
                  {update.action}
                </Table.Td>
                <Table.Td ta="right">{formatCount(update.stock_out)}</Table.Td>
                <Table.Td>{update.error ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

function ConvertProformaBody({ proforma, onClose }: { proforma: TProforma; onClose: () => void }) {
  const upload = useUploadProformaInvoice();
  const convert = useConvertProforma();
  const idempotency = useIdempotencyKey(`proformas.convert.${proforma.proforma_id}`);
  const [file, setFile] = useState<File | null>(null);
  const [hasInvoice, setHasInvoice] = useState(Boolean(proforma.invoice_url));
  const [method, setMethod] = useState<TSalePaymentMethod>('cash');
  const [status, setStatus] = useState<TSalePaymentStatus>('paid');
  const [amountPaid, setAmountPaid] = useState<number | ''>('');
  const [dueDate, setDueDate] = useState('');
  const [problem, setProblem] = useState<TConversionProblem | null>(null);
  const [result, setResult] = useState<TConversionResult | null>(null);

  if (result) {
    return (
      <Stack gap="md">
        <ConversionSummary result={result} />
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const run = async () => {
    setProblem(null);
    if (status === 'credit' && !dueDate) {
      setProblem({ kind: 'other', message: DUE_DATE_REQUIRED });
      return;
    }
    if (!hasInvoice) {
      if (!file) {
        setProblem({ kind: 'invoice-required', message: CONVERSION_INVOICE_MESSAGE });
        return;
      }
      const fileProblem = invoiceFileProblem(file);
      if (fileProblem) {
        setProblem({ kind: 'invoice-required', message: fileProblem });
        return;
      }
      try {
        await upload.mutateAsync({ proformaId: proforma.proforma_id, file });
      } catch (error) {
        const mapped = conversionProblem(detailOf(error));
        if (mapped.kind !== 'invoice-already-uploaded') {
          setProblem({ kind: 'other', message: `Failed to upload invoice: ${detailOf(error)}` });
          return;
        }
        // Someone uploaded one meanwhile: say so and go on with the conversion.
        setProblem(mapped);
      }
      setHasInvoice(true);
    }
    const body: TProformaConvertRequest = {
      payment_method: method,
      payment_status: status,
      amount_paid: status === 'partial' && amountPaid !== '' ? amountPaid : null,
      due_date: status === 'credit' && dueDate ? dueDate : null,
    };
    const fingerprint = { proforma: proforma.proforma_id, body };
    convert.mutate(
      { proformaId: proforma.proforma_id, body, idempotencyKey: idempotency.keyFor(fingerprint) },
      {
        onSuccess: (answer) => {
          idempotency.reset();
          setProblem(null);
          setResult(answer);
        },
        onError: (error) => {
          const mapped = conversionProblem(detailOf(error));
          if (mapped.kind === 'invoice-required') setHasInvoice(false);
          setProblem(mapped);
        },
      },
    );
  };

  const busy = upload.isPending || convert.isPending;

  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        <Text size="sm" c="dimmed">
          Proforma
        </Text>
        <Text size="sm" fw={600}>
          #{proforma.proforma_id} · {formatDate(proforma.date)}
        </Text>
        <Text size="sm" c="dimmed">
          Customer
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {proforma.customer_name}
        </Text>
        <Text size="sm" c="dimmed">
          Warehouse
        </Text>
        <Text size="sm">{proforma.warehouse_name}</Text>
        <Text size="sm" c="dimmed">
          Items
        </Text>
        <Text size="sm">{formatCount(proforma.items.length)}</Text>
        <Text size="sm" c="dimmed">
          Grand total
        </Text>
        <Text size="sm" fw={700}>
          {formatMoney(proforma.grand_total)}
        </Text>
      </SimpleGrid>

      {hasInvoice ? (
        <Group gap="xs">
          <Badge color="green" variant="light">
            Invoice uploaded
          </Badge>
        </Group>
      ) : (
        <InvoiceCapture
          id={`convert-${proforma.proforma_id}-invoice`}
          label="Invoice document"
          required
          value={file}
          onChange={setFile}
          disabled={busy}
        />
      )}

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Payment method"
          data={SALE_PAYMENT_METHODS}
          value={method}
          onChange={(value) => isPaymentMethod(value) && setMethod(value)}
          allowDeselect={false}
          disabled={busy}
        />
        <Select
          label="Payment status"
          data={SALE_PAYMENT_STATUSES}
          value={status}
          onChange={(value) => isPaymentStatus(value) && setStatus(value)}
          allowDeselect={false}
          disabled={busy}
        />
        {status === 'partial' && (
          <MoneyInput
            label="Amount paid (₦)"
            value={amountPaid}
            onChange={(value) => setAmountPaid(typeof value === 'number' ? value : '')}
            disabled={busy}
          />
        )}
        {status === 'credit' && (
          <TextInput
            type="date"
            label="Due date"
            required
            min={businessDate()}
            value={dueDate}
            onChange={(event) => setDueDate(event.currentTarget.value)}
            disabled={busy}
          />
        )}
      </SimpleGrid>

      {problem && (
        <Alert
          color={problem.kind === 'invoice-already-uploaded' ? 'blue' : 'red'}
          variant="light"
          role="alert"
        >
          <Text size="sm">{problem.message}</Text>
        </Alert>
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void run()} loading={busy}>
          Convert to Sale
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Convert Proforma to Sale (spec 2 §2, §4): an invoice document is required (uploaded first when the
 * proforma has none), then the conversion, then its summary (items count and inventory updates).
 */
export function ConvertProformaModal({
  proforma,
  opened,
  onClose,
}: {
  proforma: TProforma | null;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Convert Proforma to Sale" size="lg" fullScreen={phone}>
      {opened && proforma && (
        <ConvertProformaBody key={proforma.proforma_id} proforma={proforma} onClose={onClose} />
      )}
    </Modal>
  );
}
