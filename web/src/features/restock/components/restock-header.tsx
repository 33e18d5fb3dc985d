import { Button, Group, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { meKeys, useMe } from '../../../lib/api/get-me';
import { useAuth } from '../../../lib/use-auth';
import { restockKeys } from '../api/restock-keys';
import { ApiTestButton } from './api-test-button';

/** 'Welcome, {name} | Role: ROLE' (spec 3 §2.1), from /users/me, else the stored login. */
export function welcomeText(name: string, role: string): string {
  return `Welcome, ${name || 'User'} | Role: ${(role || 'user').toUpperCase()}`;
}

export function RestockHeader() {
  const auth = useAuth();
  const me = useMe();
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: restockKeys.all }) > 0;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: restockKeys.all });
    void queryClient.invalidateQueries({ queryKey: meKeys.all });
  };

  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Title order={2} fz={{ base: 'md', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
        {welcomeText(me.data?.username ?? auth.username, me.data?.role ?? auth.role)}
      </Title>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          onClick={refresh}
          loading={fetching}
        >
          Refresh
        </Button>
        <ApiTestButton />
      </Group>
    </Group>
  );
}
