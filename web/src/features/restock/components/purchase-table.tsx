import { useState } from 'react';
import { Group, Table } from '@mantine/core';
import { IconCash, IconTrash } from '@tabler/icons-react';
import { RowAction } from '../../../components/row-action';
import { StoredFileButton } from '../../../components/stored-file-button';
import { SkeletonRows } from '../../../components/table-parts';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { useHasPermission } from '../../../lib/use-has-permission';
import type { TPurchase } from '../restock-types';
import { DeletePurchaseModal } from './delete-purchase-modal';
import { PurchasePaymentModal } from './purchase-payment-modal';
import { ReviewBadge } from '../../../components/review-badge';
import { PurchaseStatus } from './purchase-status';
import { ScrollTable } from '../../../components/scroll-table';

/** A business date (YYYY-MM-DD) as 22 Nov 2026; noon UTC is the same day in Lagos. */
export const formatBusinessDate = (date: string) => (date ? formatDate(`${date}T12:00:00Z`) : '');

/**
 * Purchases with their delete and record-payment actions. `full` adds Unit Price and Warehouse
 * (the View Data tab); the Manage Items tab shows the short form.
 */
export function PurchaseTable({
  purchases,
  full = false,
  loading = false,
  label,
}: {
  purchases: readonly TPurchase[];
  full?: boolean;
  loading?: boolean;
  label: string;
}) {
  const [toDelete, setToDelete] = useState<TPurchase | null>(null);
  const canDelete = useHasPermission('restock.delete.access');
  const [toPay, setToPay] = useState<TPurchase | null>(null);
  const columns = full
    ? ['Item', 'Supplier', 'Quantity', 'Unit Price', 'Total', 'Date', 'Status', 'Warehouse', 'Actions']
    : ['Item', 'Supplier', 'Quantity', 'Amount', 'Date', 'Status', 'Actions'];

  return (
    <>
      {/* 900: the full table fits beside the open menu at 1280 px; narrower screens scroll it. */}
      <ScrollTable minWidth={full ? 900 : 760} label={label}>
        <Table
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing="xs"
          aria-label={label}
          aria-busy={loading}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column}
                  ta={['Quantity', 'Unit Price', 'Total', 'Amount'].includes(column) ? 'right' : undefined}
                >
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && purchases.length === 0 ? (
              <SkeletonRows columns={columns} />
            ) : (
              purchases.map((purchase) => (
                <Table.Tr key={purchase.purchase_id}>
                  <Table.Td fw={500}>{purchase.item_name}</Table.Td>
                  <Table.Td>{purchase.supplier_name}</Table.Td>
                  <Table.Td ta="right">{formatCount(purchase.supplied_quantity)}</Table.Td>
                  {full && <Table.Td ta="right">{formatMoney(purchase.unit_price)}</Table.Td>}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(purchase.total_price_paid)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatBusinessDate(purchase.purchase_date)}
                  </Table.Td>
                  <Table.Td>
                    <PurchaseStatus purchase={purchase} /> <ReviewBadge review={purchase.review} />
                  </Table.Td>
                  {full && <Table.Td>{purchase.warehouse_name}</Table.Td>}
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {purchase.purchase_outstanding > 0 && (
                        <RowAction
                          label="Record payment"
                          color="green"
                          ariaLabel={`Record payment for ${purchase.item_name} from ${purchase.supplier_name}`}
                          onClick={() => setToPay(purchase)}
                        >
                          <IconCash size={18} />
                        </RowAction>
                      )}
                      {purchase.invoice_file_url && (
                        <StoredFileButton
                          url={purchase.invoice_file_url}
                          filename={`purchase-${purchase.purchase_id}-invoice`}
                          label="Invoice"
                          aria-label={`View invoice of ${purchase.item_name} from ${purchase.supplier_name}`}
                        />
                      )}
                      {canDelete && (
                        <RowAction
                          label="Delete"
                          color="red"
                          ariaLabel={`Delete purchase of ${purchase.item_name} from ${purchase.supplier_name}`}
                          onClick={() => setToDelete(purchase)}
                        >
                          <IconTrash size={18} />
                        </RowAction>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <DeletePurchaseModal purchase={toDelete} onClose={() => setToDelete(null)} />
      <PurchasePaymentModal purchase={toPay} onClose={() => setToPay(null)} />
    </>
  );
}
