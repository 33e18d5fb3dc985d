import { useState } from 'react';
import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TAuditEntry } from '@app/domain/schemas/audit';
import { auditFields } from '../utils/audit-diff';
import { formatDateTime } from '../utils/format-time';

/** One audit entry: who did what to which record; expanded, the values before and after in two columns. */
export function AuditEntryCard({ entry }: { entry: TAuditEntry }) {
  const [open, setOpen] = useState(false);
  const fields = auditFields(entry.before, entry.after);
  return (
    <Paper withBorder radius="md" p="sm" role="listitem">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 220px' }}>
          <Group gap={6}>
            <Badge variant="light">{entry.kind}</Badge>
            <Text size="sm">
              {entry.record_type} #{entry.record_id}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {entry.user_name} · {formatDateTime(entry.at)}
          </Text>
        </Stack>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} changes of ${entry.kind} ${entry.record_id}`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide changes' : 'Show changes'}
        </Button>
      </Group>
      {open && (
        <Box mt="sm" aria-label={`Changes of ${entry.kind} ${entry.record_id}`} role="table">
          <SimpleGrid cols={3} spacing={4} role="row">
            <Text size="xs" fw={700} role="columnheader">
              Field
            </Text>
            <Text size="xs" fw={700} role="columnheader">
              Before
            </Text>
            <Text size="xs" fw={700} role="columnheader">
              After
            </Text>
          </SimpleGrid>
          {fields.map((field) => (
            <SimpleGrid key={field.field} cols={3} spacing={4} role="row" py={2}>
              <Text size="xs" c="dimmed" role="cell">
                {field.field}
              </Text>
              <Text
                size="xs"
                role="cell"
                c={field.changed ? 'red.8' : undefined}
                style={{ wordBreak: 'break-word' }}
              >
                {field.before}
              </Text>
              <Text
                size="xs"
                role="cell"
                c={field.changed ? 'green.8' : undefined}
                fw={field.changed ? 600 : undefined}
                style={{ wordBreak: 'break-word' }}
              >
                {field.after}
              </Text>
            </SimpleGrid>
          ))}
        </Box>
      )}
    </Paper>
  );
}
