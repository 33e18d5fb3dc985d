import { useMemo, useRef } from 'react';

/** crypto.randomUUID needs a secure context; a shop's laptop served over plain http on the LAN lacks one. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per submission: submitting the same payload again (a retry after a dropped
 * answer) reuses the key, so the server records it once; a changed payload gets a new key.
 * Call `reset` after a success.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(payload: unknown): string {
        const fingerprint = JSON.stringify(payload);
        if (current.current?.fingerprint !== fingerprint) {
          current.current = { fingerprint, key: newIdempotencyKey() };
        }
        return current.current.key;
      },
      reset(): void {
        current.current = null;
      },
    }),
    [],
  );
}
