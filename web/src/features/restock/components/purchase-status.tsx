import { Badge, Text } from '@mantine/core';
import { formatDate, formatMoney } from '../../../lib/format';
import type { TPurchase } from '../restock-types';

const COLORS = { paid: 'green', partial: 'yellow', credit: 'red' } as const;

/** "partial · ₦5,000.00 due" while money is outstanding; the due date below. */
export function purchaseStatusText(purchase: Pick<TPurchase, 'payment_status' | 'outstanding'>): string {
  const status = purchase.payment_status;
  return purchase.outstanding > 0 ? `${status} · ${formatMoney(purchase.outstanding)} due` : status;
}

export function PurchaseStatus({ purchase }: { purchase: TPurchase }) {
  return (
    <div>
      <Badge
        color={COLORS[purchase.payment_status] ?? 'gray'}
        variant="light"
        tt="none"
        maw="none"
        styles={{ label: { overflow: 'visible', whiteSpace: 'nowrap' } }}
      >
        {purchaseStatusText(purchase)}
      </Badge>
      {purchase.outstanding > 0 && purchase.due_date && (
        <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
          by {formatDate(`${purchase.due_date}T12:00:00Z`)}
        </Text>
      )}
    </div>
  );
}
