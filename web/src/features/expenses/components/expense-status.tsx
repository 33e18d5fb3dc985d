import { Badge, Text } from '@mantine/core';
import type { TExpense } from '@app/domain/schemas/expenses';
import { formatDate } from '../../../lib/format';

const COLORS = { paid: 'green', partial: 'yellow', credit: 'red' } as const;

export function ExpenseStatus({ expense }: { expense: TExpense }) {
  return (
    <div>
      <Badge color={COLORS[expense.payment_status]} variant="light">
        {expense.payment_status}
      </Badge>
      {expense.amount_balance > 0 && expense.due_date && (
        <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
          due {formatDate(`${expense.due_date}T12:00:00Z`)}
        </Text>
      )}
    </div>
  );
}
