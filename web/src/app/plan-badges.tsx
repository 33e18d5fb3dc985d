import { Badge } from '@mantine/core';
import { daysLeft } from '@app/domain/plans/plans';
import {
  freeTransactionsRemaining,
  isOnFreeTerms,
  isProActiveStatus,
  type TSubscriptionStatus,
} from '../lib/api/get-subscription-status';
import { formatDate } from '../lib/format';
import { useSyncState } from '../lib/offline/offline-sync';

/** The plan's badges in the shell's header (spec 1 §4): the plan, and on free terms what is left of it. */
export function planBadgeLabel(status: TSubscriptionStatus, now = new Date()): string {
  if (!isProActiveStatus(status, now)) return 'Free Plan';
  if (!status.expires_at) return 'Pro Plan — Active';
  const expires = new Date(status.expires_at);
  return `Pro Plan — Active until ${formatDate(expires)} (${daysLeft(expires, now)} days left)`;
}

type TBadgeProps = { status: TSubscriptionStatus | undefined; size?: 'md' | 'lg' };

export function PlanBadge({ status, size = 'lg' }: TBadgeProps) {
  if (!status) return null;
  const pro = isProActiveStatus(status);
  return (
    <Badge
      color={pro ? 'green' : 'gray'}
      variant="light"
      size={size}
      tt="none"
      maw="100%"
      styles={{ root: { height: 'auto', minHeight: 26, paddingBlock: 3 }, label: { whiteSpace: 'normal' } }}
    >
      {planBadgeLabel(status)}
    </Badge>
  );
}

export const freeTransactionsLeft = (remaining: number) =>
  remaining === 1 ? '1 free transaction remaining' : `${remaining} free transactions remaining`;

export function FreeTransactionsBadge({ status, size = 'lg' }: TBadgeProps) {
  const { records } = useSyncState();
  if (!status || !isOnFreeTerms(status)) return null;
  const remaining = freeTransactionsRemaining(status, records);
  return remaining > 0 ? (
    <Badge color="blue" variant="light" size={size} tt="none">
      {freeTransactionsLeft(remaining)}
    </Badge>
  ) : (
    <Badge color="red" variant="filled" size={size} tt="none">
      Limit reached! Upgrade to continue
    </Badge>
  );
}
