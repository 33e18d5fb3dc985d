import { Alert, Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';

export function displayRole(role: string | null | undefined): string {
  const value = (role ?? '').trim().toLowerCase();
  if (!value || value === 'user' || value === 'employee') return 'Employee';
  if (value === 'md') return 'MD';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** What the Permission-denied screen says (spec 1 §2); a section may say it in its own words (spec 3 §2.7). */
export const DENIED_TEXT =
  "You don't have permission to access this page. Please contact your administrator (MD) to grant you access.";

/** The Permission-denied screen (spec 1 §2). */
export function PermissionDenied({
  account,
  role,
  text = DENIED_TEXT,
}: {
  account: string | null;
  role: string | null;
  text?: string;
}) {
  const navigate = useNavigate();
  // A page opened afresh (a new tab, a link) has nothing in the app to go back to: back leaves for the dashboard.
  const openedHere = useLocation().key === 'default';
  return (
    <Center py="xl" px="xs">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} maw={520} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden="true">
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={2}>Admin Access Required</Title>
          <Text>{text}</Text>
          <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="md" w="100%">
            <Text size="sm">
              <strong>Account:</strong> {account || 'Unknown'}
            </Text>
            <Text size="sm">
              <strong>Role:</strong> {displayRole(role)}
            </Text>
          </Paper>
          <Group justify="center" gap="sm">
            <Button
              variant="default"
              onClick={() => void (openedHere ? navigate('/dashboard') : navigate(-1))}
            >
              Go Back
            </Button>
            <Button onClick={() => void navigate('/dashboard')}>Go to Dashboard</Button>
          </Group>
          <Alert color="blue" variant="light" role="note" w="100%" ta="left">
            Ask your MD to enable the permission for you under Settings → Manage Employee Access.
          </Alert>
        </Stack>
      </Paper>
    </Center>
  );
}
