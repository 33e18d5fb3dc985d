import { useEffect, useState } from 'react';
import type { useSubscriptionStatus } from '../lib/api/get-subscription-status';
import { useSyncState } from '../lib/offline/offline-sync';

/** How long the section waits for the plan's status before it opens without it. */
export const STATUS_WAIT_MS = 5_000;

/** True once `ms` have passed while `counting` (from the first render that counts); then it stays true. */
function useTimePassed(ms: number, counting: boolean): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (!counting || passed) return;
    const timer = window.setTimeout(() => setPassed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms, counting, passed]);
  return passed;
}

/** Whether the shell still holds the section back for the plan's status (its loader shows meanwhile). */
export function useWaitingForStatus(status: ReturnType<typeof useSubscriptionStatus>): boolean {
  const serverReachable = useSyncState().online;
  const statusWaitOver = useTimePassed(STATUS_WAIT_MS, status.isPending);
  // Without the network, or with a server that gave no answer, the section opens at once (it reads what the
  // device has), and once the status could not be read it never blocks again: a refetch would put it back to
  // pending, with no data. A call left hanging (a network that passes nothing) holds it STATUS_WAIT_MS at most.
  return (
    status.isPending &&
    status.failureCount === 0 &&
    status.errorUpdateCount === 0 &&
    status.fetchStatus !== 'paused' &&
    navigator.onLine &&
    serverReachable &&
    !statusWaitOver
  );
}
