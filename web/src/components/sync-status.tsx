import { useEffect } from 'react';
import { Button, Popover, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatCount } from '../lib/format';
import { offlineSync, startOfflineSync, useSyncState } from '../lib/offline/offline-sync';
import type { TSyncState } from '../lib/offline/sync-engine';

const timeOf = (at: number) =>
  new Date(at).toLocaleTimeString('en-NG', { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Lagos' });

/** "3 records are waiting to sync on this device…": what a logout asks about (null when nothing waits). */
export function logoutWarning(state: TSyncState): string | null {
  const count = state.waiting + state.needsAttention;
  if (count === 0) return null;
  const records = count === 1 ? '1 record is' : `${formatCount(count)} records are`;
  return `${records} waiting to sync on this device; they will be kept for you and sent when you sign in again.`;
}

/** Asks before a logout while something waits to sync; true when the logout may go on. */
export function confirmLogout(): boolean {
  const warning = logoutWarning(offlineSync.getState());
  return warning === null || window.confirm(`${warning}\n\nLog out anyway?`);
}

/** The short label: offline or online, and what waits. */
function label(state: TSyncState): string {
  const parts = [state.online ? 'Online' : 'Offline'];
  if (state.waiting > 0) parts.push(`${formatCount(state.waiting)} waiting`);
  if (state.needsAttention > 0) parts.push(`${formatCount(state.needsAttention)} need attention`);
  return parts.join(' · ');
}

/**
 * The header's sync indicator (issue 16 §3): online or offline, how many records wait to sync, and when the
 * last sync happened; its panel syncs now. Mounted once in the app shell, it also runs the sync while the
 * signed-in app is open (`startOfflineSync`).
 */
export function SyncStatus({ ml }: { ml?: ButtonProps['ml'] }) {
  const queryClient = useQueryClient();
  const state = useSyncState();
  useEffect(() => startOfflineSync(queryClient), [queryClient]);

  const color = state.needsAttention > 0 ? 'red' : state.online ? 'green' : 'orange';
  const Icon = state.needsAttention > 0 ? IconAlertTriangle : state.online ? IconCloudCheck : IconCloudOff;
  return (
    <Popover position="bottom-end" width="min(260px, calc(100vw - 24px))" shadow="md">
      <Popover.Target>
        <Button
          variant="light"
          color={color}
          size="compact-sm"
          ml={ml}
          leftSection={<Icon size={16} aria-hidden />}
          aria-label={`Sync status: ${label(state)}`}
          data-testid="sync-status"
          style={{ flexShrink: 0 }}
        >
          <Text span size="xs" fw={600}>
            {state.online ? 'Online' : 'Offline'}
          </Text>
          {state.waiting + state.needsAttention > 0 && (
            <Text span size="xs" fw={700} ml={4}>
              {formatCount(state.waiting + state.needsAttention)}
            </Text>
          )}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="status" aria-live="polite">
          <Text size="sm" fw={700}>
            {state.online ? 'Online' : 'Offline: sales are saved on this device'}
          </Text>
          <Text size="sm">
            {state.waiting === 0
              ? 'Nothing waiting to sync'
              : `${formatCount(state.waiting)} waiting to sync`}
          </Text>
          {state.needsAttention > 0 && (
            <Text size="sm" c="red.8">
              {formatCount(state.needsAttention)} need attention (see the Sales list)
            </Text>
          )}
          {state.paused && (
            <Text size="sm" c="red.8">
              Sign in again to send them
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {state.lastSyncAt === null
              ? 'Not synced yet on this device'
              : `Last sync ${timeOf(state.lastSyncAt)}`}
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={state.syncing}
            disabled={state.waiting === 0 || state.paused}
            onClick={() => void offlineSync.syncNow(true)}
          >
            Sync now
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
