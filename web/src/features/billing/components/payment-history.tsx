import { Badge, Button, Center, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TPlanPayment } from '@app/domain/schemas/billing';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePlanPayments } from '../api/get-plan-payments';

const STATUS: Record<TPlanPayment['status'], { label: string; color: string }> = {
  success: { label: 'Paid', color: 'green' },
  pending: { label: 'Pending', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
  abandoned: { label: 'Cancelled', color: 'orange' },
};

function StatusBadge({ payment }: { payment: TPlanPayment }) {
  return (
    <Badge color={STATUS[payment.status].color} variant="light" title={payment.failure_reason ?? undefined}>
      {STATUS[payment.status].label}
    </Badge>
  );
}

const paymentDate = (payment: TPlanPayment) => formatDate(payment.paid_at ?? payment.created_at);
const planLabel = (payment: TPlanPayment) =>
  payment.kind === 'renewal' ? `${payment.plan_name} (renewal)` : payment.plan_name;

/** The MD's plan payments (date, plan, amount, reference, status), newest first: a table, a list on a phone. */
export function PaymentHistory() {
  const payments = usePlanPayments();
  const rows = payments.data?.pages.flat() ?? [];

  if (payments.isPending) {
    return (
      <Stack gap={6} aria-label="Loading payments">
        <Skeleton h={28} />
        <Skeleton h={28} />
      </Stack>
    );
  }
  if (payments.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {errorMessage(payments.error, 'Failed to load payments')}
      </Text>
    );
  }
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No payments yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table visibleFrom="sm" striped verticalSpacing="xs" aria-label="Payment history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>{paymentDate(payment)}</Table.Td>
              <Table.Td>{planLabel(payment)}</Table.Td>
              <Table.Td ta="right">{formatMoney(payment.amount)}</Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {payment.reference}
              </Table.Td>
              <Table.Td>
                <StatusBadge payment={payment} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap={6} component="ul" aria-label="Payment history" p={0} m={0}>
        {rows.map((payment) => (
          <Paper key={payment.id} component="li" withBorder radius="sm" p="xs" style={{ listStyle: 'none' }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {planLabel(payment)}
              </Text>
              <StatusBadge payment={payment} />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{paymentDate(payment)}</Text>
              <Text size="sm" fw={600}>
                {formatMoney(payment.amount)}
              </Text>
            </Group>
            <Text ff="monospace" fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {payment.reference}
            </Text>
          </Paper>
        ))}
      </Stack>
      {payments.hasNextPage && (
        <Center>
          <Button
            variant="default"
            size="xs"
            loading={payments.isFetchingNextPage}
            onClick={() => void payments.fetchNextPage()}
          >
            Show older payments
          </Button>
        </Center>
      )}
    </Stack>
  );
}
