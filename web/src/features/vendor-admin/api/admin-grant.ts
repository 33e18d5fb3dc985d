import { useSyncExternalStore } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  ADMIN_GRANT_EXPIRED,
  ADMIN_GRANT_REQUIRED,
  type TAdminGrant,
  type TAdminUnlockRequest,
} from '@app/domain/schemas/vendor-admin';
import { api, ApiError } from '../../../lib/api-client';

/** Session key of the grant the server answered to the admin code (gone with the tab or at sign-out). */
const GRANT_KEY = 'vendor_admin_grant';
const listeners = new Set<() => void>();

function readGrant(): string | null {
  const stored = sessionStorage.getItem(GRANT_KEY);
  if (!stored) return null;
  try {
    const { grant, expires_at } = JSON.parse(stored) as TAdminGrant;
    return Date.parse(expires_at) > Date.now() ? grant : null;
  } catch {
    return null;
  }
}

/** Keeps the grant for this tab (or forgets it with null); the console shows while one is kept. */
export function setGrant(grant: TAdminGrant | null) {
  if (grant) sessionStorage.setItem(GRANT_KEY, JSON.stringify(grant));
  else sessionStorage.removeItem(GRANT_KEY);
  for (const listener of listeners) listener();
}

/** Forgets the grant when the server says it is missing or expired, so the code prompt shows again. */
export function forgetGrantIfRefused(error: unknown) {
  if (
    error instanceof ApiError &&
    error.status === 403 &&
    (error.message === ADMIN_GRANT_REQUIRED || error.message === ADMIN_GRANT_EXPIRED)
  )
    setGrant(null);
}

/** The grant to send in X-Admin-Grant, or null before the code was entered (or after it expired). */
export function useAdminGrant(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readGrant);
}

export const grantHeaders = (grant: string) => ({ 'X-Admin-Grant': grant });

export function useUnlockAdmin() {
  return useMutation({
    mutationFn: (input: TAdminUnlockRequest) => api.post<TAdminGrant>('/vendor-admin/unlock', input),
  });
}
