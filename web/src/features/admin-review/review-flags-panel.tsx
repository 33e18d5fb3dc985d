import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useReviewFlags } from './api/get-review-flags';
import { useResolveFlag } from './api/resolve-flag';
import { FlagList } from './components/flag-list';

/** The MD's "Flagged by review" panel on the dashboard overview: shown while a flag is open. */
export function ReviewFlagsPanel() {
  const flags = useReviewFlags();
  const resolve = useResolveFlag();
  const rows = flags.data?.pages.flatMap((page) => page.flags) ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Flagged by review">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Flagged by review
          </Title>
          <Badge color="orange">{rows.length}</Badge>
        </Group>
        <FlagList
          flags={rows}
          resolvingId={resolve.isPending ? (resolve.variables ?? null) : null}
          onResolve={(flag) =>
            resolve.mutate(flag.id, {
              onSuccess: () => notifySuccess('Flag resolved'),
              onError: (error) => notifyError(error, 'Failed to resolve flag'),
            })
          }
        />
      </Stack>
    </Paper>
  );
}
