import { useState } from 'react';
import { Alert, Badge, Button, Skeleton, Table, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import type { TSale } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { useHasPermission } from '../../../lib/use-has-permission';
import { usePendingSales } from '../api/get-pending-sales';
import { isOverdue } from '../pending-sales';
import {
  PAYMENT_STATUS_COLORS,
  PAYMENT_STATUS_LABELS,
  customerLabel,
  formatBusinessDate,
} from '../sale-row-format';
import { failureText } from '../sale-form-notify';
import { SalePaymentModal } from './sale-payment-modal';

export const PENDING_MESSAGES = {
  failure: 'Failed to load pending transactions',
  empty: 'No pending transactions. Every sale is fully paid.',
} as const;

const COLUMNS = [
  'Sale ID',
  'Date',
  'Customer',
  'Phone',
  'Total',
  'Paid',
  'Outstanding',
  'Status',
  'Due Date',
];
const NUMERIC = new Set(['Total', 'Paid', 'Outstanding']);
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** Pending (spec 2 §2): sales with money outstanding, oldest due first, and their payments. */
export function PendingTab() {
  const pending = usePendingSales();
  const canRecord = useHasPermission('sales.edit.access');
  const [toPay, setToPay] = useState<TSale | null>(null);
  const today = businessDate();
  const sales = pending.data ?? [];
  const columns = canRecord ? [...COLUMNS, 'Actions'] : COLUMNS;

  if (pending.isError) {
    return (
      <Alert color="red" role="alert">
        {failureText(PENDING_MESSAGES.failure, pending.error)}
      </Alert>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={canRecord ? 1080 : 940}>
        <Table
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing="xs"
          aria-label="Pending transactions"
          aria-busy={pending.isPending}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} ta={NUMERIC.has(column) ? 'right' : undefined} style={NOWRAP}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pending.isPending &&
              Array.from({ length: 3 }, (_, row) => (
                <Table.Tr key={`skeleton-${row}`}>
                  {columns.map((column) => (
                    <Table.Td key={column}>
                      <Skeleton h={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {sales.map((sale) => {
              const overdue = isOverdue(sale, today);
              return (
                <Table.Tr key={sale.sale_id}>
                  <Table.Td style={NOWRAP}>#{sale.sale_id}</Table.Td>
                  <Table.Td style={NOWRAP}>{formatBusinessDate(sale.sale_date)}</Table.Td>
                  <Table.Td fw={500}>{customerLabel(sale.customer_name)}</Table.Td>
                  <Table.Td style={NOWRAP}>{sale.customer_phone ?? ''}</Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {formatMoney(sale.grand_total)}
                  </Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {formatMoney(sale.amount_paid)}
                  </Table.Td>
                  <Table.Td ta="right" fw={700} c="orange.8" style={NOWRAP}>
                    {formatMoney(sale.outstanding)}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={PAYMENT_STATUS_COLORS[sale.payment_status] ?? 'gray'}
                      variant="light"
                      tt="none"
                    >
                      {PAYMENT_STATUS_LABELS[sale.payment_status] ?? sale.payment_status}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={NOWRAP} c={overdue ? 'red.8' : undefined} fw={overdue ? 700 : undefined}>
                    {sale.due_date ? formatBusinessDate(sale.due_date) : '—'}
                    {overdue && (
                      <Text span size="xs" c="red.8" ml={6}>
                        overdue
                      </Text>
                    )}
                  </Table.Td>
                  {canRecord && (
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="green"
                        leftSection={<IconCash size={16} />}
                        aria-label={`Record payment for sale #${sale.sale_id}`}
                        onClick={() => setToPay(sale)}
                      >
                        Record payment
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
            {pending.isSuccess && sales.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" size="sm" ta="center" py="md">
                    {PENDING_MESSAGES.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SalePaymentModal sale={toPay} onClose={() => setToPay(null)} />
    </>
  );
}
