import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { isUnreachable } from '../lib/offline/offline-sync';

export const OFFLINE_LIST_TEXT = 'You are offline: this list will load when the connection returns.';

/**
 * True when a list has nothing to show because the server cannot be reached: the browser is offline,
 * TanStack Query paused its first fetch, or the fetch failed without an answer. Once it has rows it keeps
 * showing them.
 */
export function waitsForNetwork(query: { fetchStatus: string; data: unknown; error: unknown }): boolean {
  if (query.data !== undefined) return false;
  // A page opened offline: TanStack Query starts out thinking it is online and retries for seconds.
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return query.fetchStatus === 'paused' || (query.error !== null && isUnreachable(query.error));
}

/** What a list shows instead of spinning while the device is offline (issue 16 §3). */
export function OfflineListNotice({ text = OFFLINE_LIST_TEXT }: { text?: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconCloudOff size={18} aria-hidden />} role="status">
      {text}
    </Alert>
  );
}
