import { Badge, Button, Group, Table } from '@mantine/core';
import { IconDownload, IconMail, IconPrinter, IconReceipt } from '@tabler/icons-react';
import type { TPdfFormat, TSale } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import {
  PAYMENT_STATUS_COLORS,
  PAYMENT_STATUS_LABELS,
  customerLabel,
  formatBusinessDate,
} from '../sale-row-format';

export type TReceiptAction = { kind: 'print' } | { kind: 'download'; format: TPdfFormat };

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The loaded sales with their receipt actions: print, PDF (A4), thermal, email. */
export function ReceiptSalesTable({
  sales,
  busy,
  onAction,
  onEmail,
}: {
  sales: readonly TSale[];
  /** The sale and action being prepared, to show that button busy. */
  busy: { saleId: number; action: TReceiptAction } | null;
  onAction: (sale: TSale, action: TReceiptAction) => void;
  onEmail: (sale: TSale) => void;
}) {
  const isBusy = (sale: TSale, action: TReceiptAction) =>
    busy?.saleId === sale.sale_id && JSON.stringify(busy.action) === JSON.stringify(action);

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Sales for receipt">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={NOWRAP}>Sale ID</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.map((sale) => (
            <Table.Tr key={sale.sale_id}>
              <Table.Td style={NOWRAP}>#{sale.sale_id}</Table.Td>
              <Table.Td style={NOWRAP}>{formatBusinessDate(sale.sale_date)}</Table.Td>
              <Table.Td>{customerLabel(sale.customer_name)}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatMoney(sale.grand_total)}
              </Table.Td>
              <Table.Td>
                <Badge color={PAYMENT_STATUS_COLORS[sale.payment_status] ?? 'gray'} variant="light" tt="none">
                  {PAYMENT_STATUS_LABELS[sale.payment_status] ?? sale.payment_status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPrinter size={16} />}
                    loading={isBusy(sale, { kind: 'print' })}
                    onClick={() => onAction(sale, { kind: 'print' })}
                    aria-label={`Print receipt of sale #${sale.sale_id}`}
                  >
                    Print
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconDownload size={16} />}
                    loading={isBusy(sale, { kind: 'download', format: 'A4' })}
                    onClick={() => onAction(sale, { kind: 'download', format: 'A4' })}
                    aria-label={`Download PDF receipt of sale #${sale.sale_id}`}
                  >
                    PDF
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconReceipt size={16} />}
                    loading={isBusy(sale, { kind: 'download', format: 'thermal' })}
                    onClick={() => onAction(sale, { kind: 'download', format: 'thermal' })}
                    aria-label={`Download thermal receipt of sale #${sale.sale_id}`}
                  >
                    Thermal
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconMail size={16} />}
                    onClick={() => onEmail(sale)}
                    aria-label={`Email receipt of sale #${sale.sale_id}`}
                  >
                    Email
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
