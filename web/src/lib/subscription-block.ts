/**
 * The subscription-blocked flag (spec 1 §8): set when the server answers 403 with a detail
 * containing "Subscription expired" or "limit exceeded"; the shell shows the message.
 */
import { useSyncExternalStore } from 'react';

export const SUBSCRIPTION_BLOCKED_MESSAGE = 'Your subscription is expired or limit reached. Please upgrade.';

type TBlock = { blocked: boolean; message: string | null; detail: string | null };

let state: TBlock = { blocked: false, message: null, detail: null };
const listeners = new Set<() => void>();

function set(next: TBlock) {
  state = next;
  for (const listener of listeners) listener();
}

export function isSubscriptionBlockDetail(detail: string): boolean {
  return /subscription expired|limit exceeded/i.test(detail);
}

export function setSubscriptionBlocked(detail: string): void {
  set({ blocked: true, message: SUBSCRIPTION_BLOCKED_MESSAGE, detail });
}

export function clearSubscriptionBlocked(): void {
  if (state.blocked) set({ blocked: false, message: null, detail: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSubscriptionBlock(): TBlock {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
