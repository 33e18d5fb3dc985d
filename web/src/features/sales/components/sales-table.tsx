import { useState } from 'react';
import { ActionIcon, Group, Pagination, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { TSaleRow } from '@app/domain/schemas/sales';
import { formatCount, formatMoney } from '../../../lib/format';
import { useHasPermission } from '../../../lib/use-has-permission';
import { customerLabel, formatBusinessDate, paymentMethodLabel, salesOf } from '../utils/sale-row-format';
import { DeleteSaleModal } from './delete-sale-modal';
import { TransferCheck } from './transfer-check';
import {
  SaleCardList,
  SaleDataTable,
  SaleRowCard,
  SaleStatusBadge,
  usePhoneLayout,
} from './sale-table-parts';
import { ReviewBadge } from '../../../components/review-badge';

/** Spec 2 §9: 20 sale lines a page. */
export const SALES_PAGE_SIZE = 20;

const COLUMNS = [
  'Sale ID',
  'Date',
  'Customer',
  'Item',
  'Quantity',
  'Unit Price',
  'Total Amount',
  'Sale Total',
  'Payment Status',
  'Payment Method',
] as const;
const NUMERIC = new Set<string>(['Quantity', 'Unit Price', 'Total Amount', 'Sale Total']);
/** The delete button names itself ("Delete sale #3"). */
const ICON_COLUMNS = new Set<string>(['Actions']);
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function DeleteButton({ row, onDelete }: { row: TSaleRow; onDelete: (saleId: number) => void }) {
  return (
    <Tooltip label={`Delete sale #${row.sale_number}`} withArrow>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete sale #${row.sale_number}`}
        onClick={() => onDelete(row.sale_id)}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The sale's invoice number under its customer: the receipt a sale recorded offline printed carries its device
 * number (OFF-…), which stays its invoice number once synced, so the customer's paper can be found here.
 */
function InvoiceNumber({ row }: { row: TSaleRow }) {
  if (!row.invoice_number) return null;
  return (
    <Text
      size="xs"
      c="dimmed"
      style={{ overflowWrap: 'anywhere' }}
      aria-label={`Invoice ${row.invoice_number}`}
    >
      {row.invoice_number}
    </Text>
  );
}

type TRowProps = { row: TSaleRow; firstOfSale: boolean; onDelete: ((saleId: number) => void) | null };

/** The sale's total (after VAT and discount) once, on its first line: the lines' sums then add up to it. */
const saleTotal = (row: TSaleRow, firstOfSale: boolean) => (firstOfSale ? formatMoney(row.grand_total) : '');

function SaleCard({ row, firstOfSale, onDelete }: TRowProps) {
  return (
    <SaleRowCard
      number={row.sale_number}
      date={row.sale_date}
      badge={
        <>
          <SaleStatusBadge status={row.payment_status} /> <ReviewBadge review={row.review} />
        </>
      }
    >
      <Text size="sm">{customerLabel(row.customer_name)}</Text>
      <InvoiceNumber row={row} />
      <Text size="sm" c="dimmed">
        {row.item_name} × {formatCount(row.quantity)} @ {formatMoney(row.unit_price)}
      </Text>
      {firstOfSale && (
        <Text size="sm">
          Sale total <b>{formatMoney(row.grand_total)}</b>
        </Text>
      )}
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
        <Text fw={700}>{formatMoney(row.total_amount)}</Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {paymentMethodLabel(row)}
          </Text>
          {onDelete && <DeleteButton row={row} onDelete={onDelete} />}
        </Group>
      </Group>
      {firstOfSale && row.transfer_check && (
        <TransferCheck saleId={row.sale_id} saleNumber={row.sale_number} check={row.transfer_check} />
      )}
    </SaleRowCard>
  );
}

function SaleTableRow({ row, firstOfSale, onDelete }: TRowProps) {
  return (
    <Table.Tr>
      <Table.Td style={NOWRAP}>#{row.sale_number}</Table.Td>
      <Table.Td style={NOWRAP}>{formatBusinessDate(row.sale_date)}</Table.Td>
      <Table.Td>
        {customerLabel(row.customer_name)}
        <InvoiceNumber row={row} />
      </Table.Td>
      <Table.Td fw={500}>{row.item_name}</Table.Td>
      <Table.Td ta="right">{formatCount(row.quantity)}</Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        {formatMoney(row.unit_price)}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        {formatMoney(row.total_amount)}
      </Table.Td>
      <Table.Td ta="right" fw={600} style={NOWRAP}>
        {saleTotal(row, firstOfSale)}
      </Table.Td>
      <Table.Td>
        <SaleStatusBadge status={row.payment_status} /> <ReviewBadge review={row.review} />
      </Table.Td>
      <Table.Td>
        {paymentMethodLabel(row)}
        {firstOfSale && row.transfer_check && (
          <TransferCheck saleId={row.sale_id} saleNumber={row.sale_number} check={row.transfer_check} />
        )}
      </Table.Td>
      {onDelete && (
        <Table.Td>
          <DeleteButton row={row} onDelete={onDelete} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * Sale lines (one row per item of a sale), paged 20 at a time in the browser, with the delete
 * action for users holding sales.delete_button.access; cards on a phone. Used by List and Filter.
 */
export function SalesTable({
  rows,
  loading = false,
  label,
  emptyText,
}: {
  rows: readonly TSaleRow[];
  loading?: boolean;
  label: string;
  emptyText: string;
}) {
  const canDelete = useHasPermission('sales.delete_button.access');
  const phone = usePhoneLayout();
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<number | null>(null);
  const pages = Math.max(1, Math.ceil(rows.length / SALES_PAGE_SIZE));
  // A delete can shorten the list under the current page.
  const current = Math.min(page, pages);
  const first = (current - 1) * SALES_PAGE_SIZE;
  const visible = rows.slice(first, first + SALES_PAGE_SIZE);
  const columns: string[] = canDelete ? [...COLUMNS, 'Actions'] : [...COLUMNS];
  const onDelete = canDelete ? setToDelete : null;
  const sales = salesOf(rows);
  const firstOfSale = (row: TSaleRow) => sales.firstLines.has(row.line_id);

  return (
    <>
      {phone ? (
        <SaleCardList
          label={label}
          loading={loading}
          skeletonHeight={96}
          rows={visible}
          renderCard={(row) => (
            <SaleCard key={row.line_id} row={row} firstOfSale={firstOfSale(row)} onDelete={onDelete} />
          )}
          emptyText={emptyText}
        />
      ) : (
        <SaleDataTable
          label={label}
          loading={loading}
          minWidth={920}
          columns={columns}
          rightAligned={NUMERIC}
          unlabelled={ICON_COLUMNS}
          rows={visible}
          renderRow={(row) => (
            <SaleTableRow key={row.line_id} row={row} firstOfSale={firstOfSale(row)} onDelete={onDelete} />
          )}
          emptyText={emptyText}
        />
      )}
      {rows.length > 0 && (
        <Group justify="space-between" gap="xs" wrap="wrap" mt="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {formatCount(first + 1)}–{formatCount(first + visible.length)} of{' '}
            {formatCount(rows.length)} · {formatCount(sales.count)} {sales.count === 1 ? 'sale' : 'sales'}{' '}
            worth {formatMoney(sales.totalNaira)}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={current}
              onChange={setPage}
              siblings={1}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          )}
        </Group>
      )}
      <DeleteSaleModal
        lines={toDelete === null ? [] : rows.filter((row) => row.sale_id === toDelete)}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
