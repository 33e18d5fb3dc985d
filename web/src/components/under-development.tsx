import { Center, Stack, Text, Title } from '@mantine/core';

/** The section renderer's fallback (spec 1 §2): "Page Not Found" / "This page is under development." */
export function UnderDevelopment() {
  return (
    <Center mih={320} p="md">
      <Stack align="center" gap="xs">
        <Title order={2}>Page Not Found</Title>
        <Text c="dimmed">This page is under development.</Text>
      </Stack>
    </Center>
  );
}
