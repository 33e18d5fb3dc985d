import { useMemo, useState } from 'react';
import { Alert, Button, SimpleGrid, Table, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import type { TSale } from '@app/domain/schemas/sales';
import { OfflineListNotice, waitsForNetwork } from '../../../components/offline-list-notice';
import { formatMoney } from '../../../lib/format';
import { useSyncState } from '../../../lib/offline/offline-sync';
import { useHasPermission } from '../../../lib/use-has-permission';
import { usePendingSales } from '../api/get-pending-sales';
import { isOverdue, withWaitingPayments } from '../utils/pending-sales';
import { failureText } from '../utils/sale-form-notify';
import { customerLabel, formatBusinessDate } from '../utils/sale-row-format';
import { QueuedPayments } from './queued-payments';
import { isOwingQueuedSale, QueuedSales } from './queued-sales';
import { SalePaymentModal } from './sale-payment-modal';
import {
  CustomerCell,
  SaleCardList,
  SaleDataTable,
  SaleRowCard,
  SaleStatusBadge,
  usePhoneLayout,
} from './sale-table-parts';
import { TransferCheck } from './transfer-check';

export const PENDING_MESSAGES = {
  failure: 'Failed to load pending transactions',
  empty: 'No pending transactions. Every sale is fully paid.',
  /** A sale on credit waits on this device: the server's list is empty, the business's is not. */
  emptyButQueued: 'No other pending transactions.',
} as const;

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
      aria-label={`Record payment for sale #${sale.sale_number}`}
      title="Record payment"
      onClick={() => onPay(sale)}
    >
      {short ? 'Pay' : 'Record payment'}
    </Button>
  );
}

function PendingCard({
  sale,
  today,
  onPay,
}: {
  sale: TSale;
  today: string;
  onPay: ((sale: TSale) => void) | null;
}) {
  return (
    <SaleRowCard
      number={sale.sale_number}
      date={sale.sale_date}
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
      {sale.transfer_check && (
        <TransferCheck saleId={sale.sale_id} saleNumber={sale.sale_number} check={sale.transfer_check} />
      )}
      {onPay && sale.outstanding > 0 && <PayButton sale={sale} onPay={onPay} />}
    </SaleRowCard>
  );
}

function PendingRow({
  sale,
  today,
  onPay,
}: {
  sale: TSale;
  today: string;
  onPay: ((sale: TSale) => void) | null;
}) {
  return (
    <Table.Tr>
      <Table.Td style={NOWRAP}>#{sale.sale_number}</Table.Td>
      <Table.Td style={NOWRAP}>{formatBusinessDate(sale.sale_date)}</Table.Td>
      <CustomerCell name={customerLabel(sale.customer_name)} phone={sale.customer_phone} />
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
        {sale.transfer_check && (
          <TransferCheck saleId={sale.sale_id} saleNumber={sale.sale_number} check={sale.transfer_check} />
        )}
      </Table.Td>
      <Table.Td>
        <DueDate sale={sale} today={today} stacked />
      </Table.Td>
      {onPay && <Table.Td>{sale.outstanding > 0 && <PayButton sale={sale} onPay={onPay} short />}</Table.Td>}
    </Table.Tr>
  );
}

/** Pending (spec 2 §2): sales with money outstanding, oldest due first, and their payments. */
export function PendingTab() {
  const pending = usePendingSales();
  const canRecord = useHasPermission('sales.edit.access');
  const phone = usePhoneLayout();
  const [toPay, setToPay] = useState<TSale | null>(null);
  const today = businessDate();
  const { records } = useSyncState();
  const sales = useMemo(() => withWaitingPayments(pending.data ?? [], records), [pending.data, records]);
  const columns = canRecord ? [...COLUMNS, 'Actions'] : COLUMNS;
  const emptyText = records.some(isOwingQueuedSale)
    ? PENDING_MESSAGES.emptyButQueued
    : PENDING_MESSAGES.empty;
  const onPay = canRecord ? setToPay : null;

  if (waitsForNetwork(pending)) {
    return (
      <>
        <QueuedSales owingOnly />
        <QueuedPayments sales={sales} />
        <OfflineListNotice />
      </>
    );
  }
  if (pending.isError) {
    return (
      <Alert color="red" role="alert">
        {failureText(PENDING_MESSAGES.failure, pending.error)}
      </Alert>
    );
  }
  return (
    <>
      <QueuedSales owingOnly />
      <QueuedPayments sales={sales} />
      {phone ? (
        <SaleCardList
          label="Pending transactions"
          loading={pending.isPending}
          skeletonHeight={140}
          rows={sales}
          renderCard={(sale) => <PendingCard key={sale.sale_id} sale={sale} today={today} onPay={onPay} />}
          emptyText={emptyText}
        />
      ) : (
        <SaleDataTable
          label="Pending transactions"
          loading={pending.isPending}
          minWidth={canRecord ? 900 : 800}
          columns={columns}
          rightAligned={NUMERIC}
          rows={sales}
          renderRow={(sale) => <PendingRow key={sale.sale_id} sale={sale} today={today} onPay={onPay} />}
          emptyText={emptyText}
        />
      )}
      <SalePaymentModal sale={toPay} onClose={() => setToPay(null)} />
    </>
  );
}
