import { useState } from 'react';
import { Alert, Button, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import type { TSale } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { useHasPermission } from '../../../lib/use-has-permission';
import { usePendingSales } from '../api/get-pending-sales';
import { isOverdue } from '../pending-sales';
import { failureText } from '../sale-form-notify';
import { customerLabel, formatBusinessDate } from '../sale-row-format';
import { SalePaymentModal } from './sale-payment-modal';
import { SaleRowCard, SaleStatusBadge } from './sale-row-status';
import { PHONE_QUERY } from './sales-table';

export const PENDING_MESSAGES = {
  failure: 'Failed to load pending transactions',
  empty: 'No pending transactions. Every sale is fully paid.',
} as const;

// The phone sits under the customer's name so that the table fits a laptop beside the menu.
const COLUMNS = ['Sale ID', 'Date', 'Customer', 'Total', 'Paid', 'Outstanding', 'Status', 'Due Date'];
const NUMERIC = new Set(['Total', 'Paid', 'Outstanding']);
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The due date, in red with "overdue" once it has passed (under it in the table's column). */
function DueDate({ sale, today, stacked = false }: { sale: TSale; today: string; stacked?: boolean }) {
  const overdue = isOverdue(sale, today);
  return (
    <Text span size="sm" c={overdue ? 'red.8' : undefined} fw={overdue ? 700 : undefined} style={NOWRAP}>
      {sale.due_date ? formatBusinessDate(sale.due_date) : '—'}
      {overdue && (
        <Text span size="xs" c="red.8" ml={stacked ? 0 : 6} display={stacked ? 'block' : undefined}>
          overdue
        </Text>
      )}
    </Text>
  );
}

/** "Record payment" on a card; "Pay" in the table's narrow column. */
function PayButton({
  sale,
  onPay,
  short = false,
}: {
  sale: TSale;
  onPay: (sale: TSale) => void;
  short?: boolean;
}) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="green"
      fullWidth={!short}
      leftSection={<IconCash size={16} />}
      aria-label={`Record payment for sale #${sale.sale_id}`}
      title="Record payment"
      onClick={() => onPay(sale)}
    >
      {short ? 'Pay' : 'Record payment'}
    </Button>
  );
}

function PendingCards({
  sales,
  today,
  onPay,
}: {
  sales: readonly TSale[];
  today: string;
  onPay: ((sale: TSale) => void) | null;
}) {
  return (
    <Stack gap="xs">
      {sales.map((sale) => (
        <SaleRowCard
          key={sale.sale_id}
          title={
            <Text size="sm" fw={600}>
              #{sale.sale_id} · {formatBusinessDate(sale.sale_date)}
            </Text>
          }
          badge={<SaleStatusBadge status={sale.payment_status} />}
        >
          <Text size="sm">
            {customerLabel(sale.customer_name)}
            {sale.customer_phone ? ` · ${sale.customer_phone}` : ''}
          </Text>
          <SimpleGrid cols={3} spacing={4} my={6}>
            {[
              ['Total', formatMoney(sale.grand_total)],
              ['Paid', formatMoney(sale.amount_paid)],
              ['Outstanding', formatMoney(sale.outstanding)],
            ].map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text
                  size="sm"
                  fw={label === 'Outstanding' ? 700 : 500}
                  c={label === 'Outstanding' ? 'orange.8' : undefined}
                >
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <Text size="sm" mb={onPay ? 6 : 0}>
            Due <DueDate sale={sale} today={today} />
          </Text>
          {onPay && <PayButton sale={sale} onPay={onPay} />}
        </SaleRowCard>
      ))}
    </Stack>
  );
}

/** Pending (spec 2 §2): sales with money outstanding, oldest due first, and their payments. */
export function PendingTab() {
  const pending = usePendingSales();
  const canRecord = useHasPermission('sales.edit.access');
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [toPay, setToPay] = useState<TSale | null>(null);
  const today = businessDate();
  const sales = pending.data ?? [];
  const columns = canRecord ? [...COLUMNS, 'Actions'] : COLUMNS;
  const onPay = canRecord ? setToPay : null;
  const empty = pending.isSuccess && sales.length === 0;

  if (pending.isError) {
    return (
      <Alert color="red" role="alert">
        {failureText(PENDING_MESSAGES.failure, pending.error)}
      </Alert>
    );
  }
  const emptyText = (
    <Text c="dimmed" size="sm" ta="center" py="md">
      {PENDING_MESSAGES.empty}
    </Text>
  );
  return (
    <>
      {phone ? (
        <section aria-label="Pending transactions" aria-busy={pending.isPending}>
          {pending.isPending && <Skeleton h={140} radius="md" />}
          <PendingCards sales={sales} today={today} onPay={onPay} />
          {empty && emptyText}
        </section>
      ) : (
        <Table.ScrollContainer minWidth={canRecord ? 900 : 800}>
          <Table
            striped
            highlightOnHover
            withTableBorder
            verticalSpacing="xs"
            horizontalSpacing="xs"
            fz="sm"
            aria-label="Pending transactions"
            aria-busy={pending.isPending}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column} ta={NUMERIC.has(column) ? 'right' : undefined}>
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
              {sales.map((sale) => (
                <Table.Tr key={sale.sale_id}>
                  <Table.Td style={NOWRAP}>#{sale.sale_id}</Table.Td>
                  <Table.Td style={NOWRAP}>{formatBusinessDate(sale.sale_date)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {customerLabel(sale.customer_name)}
                    </Text>
                    {sale.customer_phone && (
                      <Text size="xs" c="dimmed" style={NOWRAP}>
                        {sale.customer_phone}
                      </Text>
                    )}
                  </Table.Td>
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
                    <SaleStatusBadge status={sale.payment_status} />
                  </Table.Td>
                  <Table.Td>
                    <DueDate sale={sale} today={today} stacked />
                  </Table.Td>
                  {onPay && (
                    <Table.Td>
                      <PayButton sale={sale} onPay={onPay} short />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
              {empty && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>{emptyText}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SalePaymentModal sale={toPay} onClose={() => setToPay(null)} />
    </>
  );
}
