import type { ReactNode } from 'react';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { isMdRole } from '@app/domain/permissions/check';
import { failureText } from '../../../lib/notify';
import { useAuth } from '../../../lib/use-auth';

/**
 * A Settings section only the MD changes, over one query: an employee reads `mdOnly`; the MD sees
 * `skeleton` while the query loads, `loadFailure` if it fails, then `children` with its data.
 * `useSettings` (the section's query hook) gets whether the user is the MD, so an employee's screen never asks.
 */
export function MdSettingsSection<TData>({
  id,
  icon,
  title,
  useSettings,
  messages,
  skeleton,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  useSettings: (isMd: boolean) => UseQueryResult<TData>;
  messages: { mdOnly: string; loadFailure: string };
  skeleton: ReactNode;
  children: (data: TData) => ReactNode;
}) {
  const auth = useAuth();
  const isMd = isMdRole(auth.role);
  const loaded = useSettings(isMd);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title id={id} order={3} fz="md">
          {icon} {title}
        </Title>
        {!isMd ? (
          <Text size="sm" c="dimmed">
            {messages.mdOnly}
          </Text>
        ) : loaded.isPending ? (
          <Stack gap="sm" aria-busy="true">
            {skeleton}
          </Stack>
        ) : loaded.isError ? (
          <Alert color="red" role="alert">
            {failureText(messages.loadFailure, loaded.error)}
          </Alert>
        ) : (
          children(loaded.data)
        )}
      </Stack>
    </Paper>
  );
}
