import { useMemo } from 'react';
import { getAuthSnapshot } from './auth-storage';

/** crypto.randomUUID needs a secure context; a shop's laptop served over plain http on the LAN lacks one. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** As long as the server keeps a key's answer (its default); an older key is not reused. */
export const KEPT_KEY_MS = 7 * 24 * 60 * 60 * 1000;

type TStoredKey = { fingerprint: string; key: string; savedAt: number };

const storageKey = (scope: string) => `idempotency.${getAuthSnapshot().userId ?? 'anonymous'}.${scope}`;

function readStored(scope: string): TStoredKey | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(scope)) ?? 'null') as TStoredKey | null;
    return stored && Date.now() - stored.savedAt < KEPT_KEY_MS ? stored : null;
  } catch {
    return null;
  }
}

/**
 * One Idempotency-Key per submission of `scope` (e.g. "sales.batch", "sales.payment.12"): submitting the
 * same payload again (a retry after a dropped answer) reuses the key, so the server records it once; a
 * changed payload gets a new key. The key is kept in localStorage, so a retry after a reload, a crash or
 * a power cut reuses it too. Call `reset` after a success.
 */
export function useIdempotencyKey(scope: string) {
  return useMemo(
    () => ({
      keyFor(payload: unknown): string {
        const fingerprint = JSON.stringify(payload);
        const stored = readStored(scope);
        if (stored?.fingerprint === fingerprint) return stored.key;
        const fresh: TStoredKey = { fingerprint, key: newIdempotencyKey(), savedAt: Date.now() };
        try {
          localStorage.setItem(storageKey(scope), JSON.stringify(fresh));
        } catch {
          // A full or disabled storage must not stop the sale: the key then lives for this call only.
        }
        return fresh.key;
      },
      reset(): void {
        localStorage.removeItem(storageKey(scope));
      },
    }),
    [scope],
  );
}
