import { Center, Loader, Stack, Text } from '@mantine/core';

export function CheckingAccess({ label = 'Checking access permissions...' }: { label?: string }) {
  return (
    <Center mih={240}>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
