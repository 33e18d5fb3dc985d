import { Badge, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconFlag } from '@tabler/icons-react';
import type { TReviewStatus } from '@app/domain/schemas/review-status';
import { formatDate } from '../lib/format';

/** A record's Admin Review mark in its own list: "Verified" (or "Flagged"), with who and when on hover. */
export function ReviewBadge({ review }: { review: TReviewStatus | undefined }) {
  if (!review) return null;
  const verified = review.state === 'verified';
  return (
    <Tooltip
      label={`${verified ? 'Verified' : 'Flagged'} by ${review.by ?? 'a reviewer'} on ${formatDate(review.at)}`}
    >
      <Badge
        size="xs"
        variant="light"
        color={verified ? 'teal' : 'orange'}
        leftSection={verified ? <IconCircleCheck size={12} /> : <IconFlag size={12} />}
        style={{ verticalAlign: 'middle' }}
      >
        {verified ? 'Verified' : 'Flagged'}
      </Badge>
    </Tooltip>
  );
}
