import { useEffect } from 'react';
import { Anchor, Button, Group, Popover, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { printTime } from '@app/domain/dates/business-date';
import { hasPermission } from '@app/domain/permissions/check';
import { isTokenExpired } from '../lib/auth-storage';
import { formatCount } from '../lib/format';
import type { TOutboxKind, TOutboxRecord } from '../lib/offline/db';
import { offlineSync, startOfflineSync, useSyncState } from '../lib/offline/offline-sync';
import type { TSyncState } from '../lib/offline/sync-engine';
import { getSection, sectionPath, type TSectionId } from '../lib/sections';
import { useAuth } from '../lib/use-auth';

const timeOf = (at: number) => printTime(new Date(at));

/** "3 records are waiting to sync on this device…": what a logout asks about (null when nothing waits). */
export function logoutWarning(state: TSyncState): string | null {
  const lines: string[] = [];
  if (state.waiting > 0)
    lines.push(
      state.waiting === 1
        ? '1 record is waiting to sync on this device; it will be kept for you and sent when you sign in again.'
        : `${formatCount(state.waiting)} records are waiting to sync on this device; they will be kept for you ` +
            'and sent when you sign in again.',
    );
  if (state.needsAttention > 0)
    lines.push(
      state.needsAttention === 1
        ? '1 record was refused by the server and needs your attention; it stays on this device until you send ' +
            'it again or discard it.'
        : `${formatCount(state.needsAttention)} records were refused by the server and need your attention; ` +
            'they stay on this device until you send them again or discard them.',
    );
  return lines.length === 0 ? null : lines.join('\n');
}

/** Where each kind of record is shown, to be sent again or discarded. */
const PLACES: Record<TOutboxKind, { noun: string; section: TSectionId; tab: string; where: string }> = {
  sale: { noun: 'Sale', section: 'sales', tab: '?tab=list', where: 'Sales → List' },
  sale_payment: { noun: 'Payment', section: 'sales', tab: '?tab=pending', where: 'Sales → Pending' },
  return: { noun: 'Return', section: 'inventory', tab: '', where: 'Inventory' },
  expense: { noun: 'Expense', section: 'expenses', tab: '', where: 'Expenses' },
};

/**
 * A refused record in the panel: the server's reason and where to deal with it, or, when that screen is no
 * longer open to the user (a permission taken away), Discard here, so nothing is stuck on the device.
 */
function RefusedRecord({ record }: { record: TOutboxRecord }) {
  const auth = useAuth();
  const place = PLACES[record.kind];
  const permission = getSection(place.section).permission;
  const subject = { role: auth.role, permissions: auth.permissions, permission_codes: auth.permissionCodes };
  const canOpen = permission === null || hasPermission(subject, permission);
  const discard = () => {
    const question = `Discard this ${place.noun.toLowerCase()}? It is removed from this device and never reaches the server.`;
    if (window.confirm(question)) void offlineSync.discard(record.seq);
  };
  return (
    <Stack gap={2}>
      <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
        <b>{place.noun}:</b> {record.detail}
      </Text>
      <Group gap="xs">
        {canOpen ? (
          <Anchor component={Link} to={`${sectionPath(place.section)}${place.tab}`} size="xs">
            Open {place.where}
          </Anchor>
        ) : (
          <Button size="compact-xs" color="red" variant="light" onClick={discard}>
            Discard
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Asks before a logout while something waits to sync; true when the logout may go on. */
export function confirmLogout(): boolean {
  const warning = logoutWarning(offlineSync.getState());
  return warning === null || window.confirm(`${warning}\n\nLog out anyway?`);
}

/** The short label: offline or online, what waits, and when the device last synced. */
function label(state: TSyncState): string {
  const parts = [state.online ? 'Online' : 'Offline'];
  if (state.waiting > 0) parts.push(`${formatCount(state.waiting)} waiting`);
  if (state.needsAttention > 0) parts.push(`${formatCount(state.needsAttention)} need attention`);
  if (state.lastSyncAt !== null) parts.push(`last sync ${timeOf(state.lastSyncAt)}`);
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
  const auth = useAuth();
  useEffect(() => startOfflineSync(queryClient), [queryClient]);
  // A session kept for offline work (auth-storage.ts `isOfflineOnlySession`) can send nothing.
  const signInNeeded = state.paused || (auth.token !== null && isTokenExpired(auth.token));

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
          {/* A phone's header shows the time alone; the button's name and its panel say what it is. */}
          {state.lastSyncAt !== null && (
            <Text span size="xs" fw={400} ml={6}>
              ·{' '}
              <Text span inherit visibleFrom="sm">
                synced{' '}
              </Text>
              {timeOf(state.lastSyncAt)}
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
            <Stack gap={6} aria-label="Refused by the server">
              <Text size="sm" c="red.8">
                {formatCount(state.needsAttention)} need attention
              </Text>
              {state.records
                .filter((record) => record.status === 'needs_attention')
                .map((record) => (
                  <RefusedRecord key={record.seq} record={record} />
                ))}
            </Stack>
          )}
          {signInNeeded && state.waiting > 0 && (
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
            disabled={state.waiting === 0 || signInNeeded}
            onClick={() => void offlineSync.syncNow(true)}
          >
            Sync now
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
