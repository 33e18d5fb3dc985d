import { Badge, Button, Center, Skeleton, Stack, Table, Text } from '@mantine/core';
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

/** The MD's plan payments (date, plan, amount, reference, status), newest first. */
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
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" aria-label="Payment history">
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
                <Table.Td>{formatDate(payment.paid_at ?? payment.created_at)}</Table.Td>
                <Table.Td>
                  {payment.plan_name}
                  {payment.kind === 'renewal' && (
                    <Text span c="dimmed" size="xs">
                      {' '}
                      (renewal)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(payment.amount)}</Table.Td>
                <Table.Td ff="monospace" fz="xs">
                  {payment.reference}
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={STATUS[payment.status].color}
                    variant="light"
                    title={payment.failure_reason ?? undefined}
                  >
                    {STATUS[payment.status].label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
