import { Group, Stack, Table, Text } from '@mantine/core';
import { IconCash, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TExpense } from '@app/domain/schemas/expenses';
import { ReviewBadge } from '../../../components/review-badge';
import { RowAction } from '../../../components/row-action';
import { StoredFileButton } from '../../../components/stored-file-button';
import { SkeletonRows } from '../../../components/table-parts';
import { formatDate, formatMoney } from '../../../lib/format';
import { useHasPermission } from '../../../lib/use-has-permission';
import { ExpenseStatus } from './expense-status';
import { ScrollTable } from '../../../components/scroll-table';

const COLUMNS = ['Date & Vendor', 'Invoice', 'Amount', 'Payment Info', 'Status', 'Employee', 'Actions'];
const businessDay = (date: string) => formatDate(`${date}T12:00:00Z`);

function PaymentInfo({ expense }: { expense: TExpense }) {
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm">Paid {formatMoney(expense.amount_paid)}</Text>
      {expense.amount_balance > 0 && (
        <Text size="sm" c="orange.8">
          Balance {formatMoney(expense.amount_balance)}
        </Text>
      )}
      <Text size="xs" c="dimmed" tt="capitalize">
        {expense.payment_method === 'cheque' ? 'check' : expense.payment_method}
      </Text>
    </Stack>
  );
}

/** The expenses of a page with add payment (while something is owed), edit and delete, as the keys allow. */
export function ExpenseTable({
  expenses,
  loading,
  label,
  onPay,
  onEdit,
  onDelete,
}: {
  expenses: readonly TExpense[];
  loading: boolean;
  label: string;
  onPay: (expense: TExpense) => void;
  onEdit: (expense: TExpense) => void;
  onDelete: (expense: TExpense) => void;
}) {
  const canPay = useHasPermission('expenses.payment.access');
  const canEdit = useHasPermission('expenses.edit.access');
  const canDelete = useHasPermission('expenses.delete.access');

  return (
    <ScrollTable minWidth={900} label={label}>
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
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'Amount' ? 'right' : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && expenses.length === 0 ? (
            <SkeletonRows columns={COLUMNS} />
          ) : (
            expenses.map((expense) => (
              <Table.Tr key={expense.expense_id}>
                <Table.Td>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {businessDay(expense.expense_date)}
                  </Text>
                  <Text size="sm" fw={500}>
                    {expense.vendor_name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {expense.invoice_number && <Text size="sm">{expense.invoice_number}</Text>}
                  {expense.invoice_file_url && (
                    <StoredFileButton
                      url={expense.invoice_file_url}
                      filename={`expense-${expense.expense_id}-invoice`}
                      aria-label={`View invoice of ${expense.vendor_name}`}
                      px={0}
                    />
                  )}
                  {!expense.invoice_number && !expense.invoice_file_url && (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(expense.total_amount)}
                </Table.Td>
                <Table.Td>
                  <PaymentInfo expense={expense} />
                </Table.Td>
                <Table.Td>
                  <ExpenseStatus expense={expense} /> <ReviewBadge review={expense.review} />
                </Table.Td>
                <Table.Td>{expense.employee_name ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {canPay && expense.payment_status !== 'paid' && (
                      <RowAction
                        label="Add payment"
                        color="green"
                        ariaLabel={`Add payment to ${expense.vendor_name}`}
                        onClick={() => onPay(expense)}
                      >
                        <IconCash size={18} />
                      </RowAction>
                    )}
                    {canEdit && (
                      <RowAction
                        label="Edit"
                        ariaLabel={`Edit expense of ${expense.vendor_name}`}
                        onClick={() => onEdit(expense)}
                      >
                        <IconPencil size={18} />
                      </RowAction>
                    )}
                    {canDelete && (
                      <RowAction
                        label="Delete"
                        color="red"
                        ariaLabel={`Delete expense of ${expense.vendor_name}`}
                        onClick={() => onDelete(expense)}
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
  );
}
