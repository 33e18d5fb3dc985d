import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EXPENSE_PAGE_SIZE, type TExpense } from '@app/domain/schemas/expenses';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { OfflineListNotice, waitsForNetwork } from '../../../components/offline-list-notice';
import { QueuedRecords, recordedTime, type TQueuedView } from '../../../components/queued-records';
import { PageFooter } from '../../../components/table-parts';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { TOutboxRecord } from '../../../lib/offline/db';
import { useDeleteExpense } from '../api/delete-expense';
import { useExpenses, type TExpenseTab } from '../api/get-expenses';
import { EXPENSE_STATUS_OPTIONS, NO_FILTERS, type TExpenseFilters } from '../utils/expense-form';
import { EXPENSE_MESSAGES } from '../utils/expense-messages';
import type { TQueuedExpenseSummary } from '../api/save-expense';
import { ExpenseFilters } from './expense-filters';
import { ExpenseTable } from './expense-table';

const filtered = (filters: TExpenseFilters) => Object.values(filters).some((value) => value.trim() !== '');

function emptyText(tab: TExpenseTab, filters: TExpenseFilters) {
  if (filtered(filters)) return 'No expenses match these filters.';
  return tab === 'pending' ? 'No pending payments: every expense is paid.' : 'No expenses recorded yet.';
}

const statusLabel = (status: string) =>
  EXPENSE_STATUS_OPTIONS.find((option) => option.value === status)?.label ?? status;
const summaryOf = (record: TOutboxRecord) => record.summary as TQueuedExpenseSummary;

/** An expense waiting on the device: its vendor, amount, date and status, and when it was recorded. */
function queuedExpenseView(record: TOutboxRecord): TQueuedView {
  const expense = summaryOf(record);
  return {
    title: `${expense.vendor_name} · ${formatMoney(expense.total_amount)}`,
    details: [
      `${statusLabel(expense.payment_status)} · ${formatDate(`${expense.expense_date}T12:00:00Z`)}`,
      `Recorded ${recordedTime(record.recordedAt)}`,
    ],
  };
}

/** What a list that did not load says when the server gave no detail (spec 3 §8). */
function listFailure(tab: TExpenseTab, filters: TExpenseFilters): string {
  if (tab === 'pending') return EXPENSE_MESSAGES.pendingFailure;
  return filters.start_date || filters.end_date
    ? EXPENSE_MESSAGES.rangeFailure
    : EXPENSE_MESSAGES.listFailure;
}

/** The list mode: filters, All Expenses / Pending Payments with counts, 10 a page, up to 5 page buttons. */
export function ExpenseList({
  onNew,
  onPay,
  onEdit,
}: {
  onNew: () => void;
  onPay: (expense: TExpense) => void;
  onEdit: (expense: TExpense) => void;
}) {
  const [filters, setFilters] = useState<TExpenseFilters>(NO_FILTERS);
  const [tab, setTab] = useState<TExpenseTab>('all');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<TExpense | null>(null);
  const skip = (page - 1) * EXPENSE_PAGE_SIZE;
  const all = useExpenses('all', filters, tab === 'all' ? skip : 0);
  const pending = useExpenses('pending', filters, tab === 'pending' ? skip : 0);
  const shown = tab === 'all' ? all : pending;
  const rows = shown.data?.rows ?? [];
  const total = shown.data?.total ?? 0;
  const remove = useDeleteExpense();

  const count = (query: typeof all) =>
    query.data?.total === undefined || query.data.total === null ? '…' : formatCount(query.data.total);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.expense_id, {
      onSuccess: (answer) => {
        notifySuccess(answer.msg);
        setToDelete(null);
        if (rows.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => notifyError(error, EXPENSE_MESSAGES.deleteFailure),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Expenses</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={onNew}>
          New Expense
        </Button>
      </Group>
      <ExpenseFilters
        applied={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <Paper withBorder radius="md" p="md">
        <Tabs
          value={tab}
          onChange={(value) => {
            setTab(value === 'pending' ? 'pending' : 'all');
            setPage(1);
          }}
        >
          <Tabs.List mb="sm">
            <Tabs.Tab value="all" rightSection={<Badge variant="light">{count(all)}</Badge>}>
              All Expenses
            </Tabs.Tab>
            <Tabs.Tab
              value="pending"
              rightSection={
                <Badge variant="light" color="orange">
                  {count(pending)}
                </Badge>
              }
            >
              Pending Payments
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <QueuedRecords
          kind="expense"
          noun="expense"
          testId="queued-expense"
          view={queuedExpenseView}
          include={(record) => tab === 'all' || summaryOf(record).payment_status !== 'paid'}
        />
        {waitsForNetwork(shown) ? (
          <OfflineListNotice />
        ) : shown.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(shown.error, listFailure(tab, filters))}
          </Alert>
        ) : !shown.isPending && rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {emptyText(tab, filters)}
          </Text>
        ) : (
          <Stack gap="sm">
            <ExpenseTable
              expenses={rows}
              loading={shown.isPending || shown.isPlaceholderData}
              label={tab === 'all' ? 'All Expenses' : 'Pending Payments'}
              onPay={onPay}
              onEdit={onEdit}
              onDelete={setToDelete}
            />
            <PageFooter
              skip={skip}
              shown={rows.length}
              total={total}
              pageSize={EXPENSE_PAGE_SIZE}
              page={page}
              onPage={setPage}
              siblings={2}
            />
          </Stack>
        )}
      </Paper>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete expense"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        <Text size="sm">{EXPENSE_MESSAGES.confirmDelete}</Text>
        {toDelete && (
          <Text size="sm" fw={500}>
            {toDelete.vendor_name}: {formatMoney(toDelete.total_amount)}
          </Text>
        )}
      </ConfirmDeleteModal>
    </Stack>
  );
}
