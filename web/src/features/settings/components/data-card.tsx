import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of Settings → Your Data: an icon and a title over its content. */
export function DataCard(props: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          {props.icon}
          <Title order={3} size="h4">
            {props.title}
          </Title>
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** A long piece of work under way (an export or an import), said to screen readers too. */
export function DataWorking(props: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" role="status">
      <Loader size="xs" />
      <Text size="sm">{props.children}</Text>
    </Group>
  );
}
