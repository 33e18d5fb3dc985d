import { useCallback } from 'react';
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PermissionGuard } from '../../components/permission-guard';
import { OfflineListNotice, waitsForNetwork } from '../../components/offline-list-notice';
import { useExpense } from './api/get-expense';
import { ExpenseForm } from './components/expense-form';
import { ExpenseList } from './components/expense-list';
import { ExpensePayment } from './components/expense-payment';
import { EXPENSE_MESSAGES } from './utils/expense-messages';

type TMode = 'list' | 'new' | 'edit' | 'pay';

function modeOf(params: URLSearchParams): { mode: TMode; id: number | null } {
  const mode = params.get('mode');
  const id = Number(params.get('id'));
  if (mode === 'new') return { mode, id: null };
  if ((mode === 'edit' || mode === 'pay') && Number.isInteger(id) && id > 0) return { mode, id };
  return { mode: 'list', id: null };
}

/** What each mode needs beyond the Expenses screen itself: an address typed by hand must not open more. */
const MODE_PERMISSION: Partial<Record<TMode, string>> = {
  edit: 'expenses.edit.access',
  pay: 'expenses.payment.access',
};

function NotFound({ onBack }: { onBack: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <Title order={2}>{EXPENSE_MESSAGES.notFound}</Title>
        <Text c="dimmed">It may have been deleted.</Text>
        <Button onClick={onBack}>Go Back</Button>
      </Stack>
    </Paper>
  );
}

/**
 * Expenses (spec 3 §2.2) in its three modes: the list, the form (new or edit) and Add Payment. The mode is kept
 * in the address (?mode=edit&id=12), so a reload or the back button stays where the user was.
 */
export function ExpensesPage() {
  const [params] = useSearchParams();
  const permission = MODE_PERMISSION[modeOf(params).mode];
  return permission ? (
    <PermissionGuard resourceKey={permission}>
      <ExpensesMode />
    </PermissionGuard>
  ) : (
    <ExpensesMode />
  );
}

function ExpensesMode() {
  const [params, setParams] = useSearchParams();
  const { mode, id } = modeOf(params);
  const expense = useExpense(mode === 'edit' || mode === 'pay' ? id : null);
  const toList = useCallback(() => setParams({}), [setParams]);
  const open = (next: TMode, expenseId?: number) =>
    setParams(expenseId ? { mode: next, id: String(expenseId) } : { mode: next });

  if (mode === 'list')
    return (
      <ExpenseList
        onNew={() => open('new')}
        onEdit={(row) => open('edit', row.expense_id)}
        onPay={(row) => open('pay', row.expense_id)}
      />
    );
  if (mode === 'new') return <ExpenseForm expense={null} onBack={toList} />;
  if (waitsForNetwork(expense))
    return (
      <Stack gap="sm">
        <OfflineListNotice text="You are offline: this expense will open when the connection returns." />
        <Button variant="default" onClick={toList} style={{ alignSelf: 'flex-start' }}>
          Go Back
        </Button>
      </Stack>
    );
  if (expense.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading expense" />
      </Center>
    );
  if (!expense.data) return <NotFound onBack={toList} />;
  return mode === 'edit' ? (
    <ExpenseForm key={expense.data.expense_id} expense={expense.data} onBack={toList} />
  ) : (
    <ExpensePayment key={expense.data.expense_id} expense={expense.data} onBack={toList} />
  );
}
