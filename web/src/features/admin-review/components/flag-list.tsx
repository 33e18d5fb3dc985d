import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TReviewFlag } from '@app/domain/schemas/admin-review';
import { formatMoney } from '../../../lib/format';
import { formatDateTime } from '../utils/format-time';

const KIND: Record<TReviewFlag['record_type'], string> = {
  sale: 'Sale',
  expense: 'Expense',
  purchase: 'Goods bought',
};

/** Open flags as cards: what was flagged, the note, who flagged it; Resolve for the MD. */
export function FlagList({
  flags,
  resolvingId,
  onResolve,
}: {
  flags: readonly TReviewFlag[];
  resolvingId: number | null;
  onResolve: ((flag: TReviewFlag) => void) | null;
}) {
  return (
    <Stack gap="sm" role="list" aria-label="Flagged records">
      {flags.map((flag) => (
        <Paper key={flag.id} withBorder radius="md" p="sm" role="listitem">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ flex: '1 1 220px' }}>
              <Group gap={6}>
                <Badge color="orange" variant="light">
                  {KIND[flag.record_type]}
                </Badge>
                <Text size="sm" fw={500}>
                  {flag.record ? `${flag.record.party} · ${formatMoney(flag.record.total)}` : 'Deleted since'}
                </Text>
              </Group>
              <Text size="sm">{flag.note}</Text>
              <Text size="xs" c="dimmed">
                Flagged by {flag.reviewer_name ?? 'a former employee'} · {formatDateTime(flag.reviewed_at)}
              </Text>
            </Stack>
            {onResolve && (
              <Button
                size="compact-sm"
                variant="light"
                loading={resolvingId === flag.id}
                aria-label={`Resolve flag: ${flag.note}`}
                onClick={() => onResolve(flag)}
              >
                Resolve
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
