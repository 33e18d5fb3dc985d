import { Button, Group, Text } from '@mantine/core';

/** Previous / "Page n of m" / Next. `pages` null when the total is unknown. */
export function Pager({
  label,
  page,
  pages,
  hasNext,
  onPage,
  busy = false,
}: {
  label: string;
  page: number;
  pages: number | null;
  hasNext: boolean;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="xs" mt="sm" wrap="nowrap">
      <Button size="xs" variant="default" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        {pages ? `Page ${page} of ${pages}` : `Page ${page}`}
      </Text>
      <Button size="xs" variant="default" disabled={!hasNext || busy} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
