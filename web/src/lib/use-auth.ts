import { useSyncExternalStore } from 'react';
import { isMdRole } from '@app/domain/permissions/check';
import { getAuthSnapshot, subscribeAuth, type TAuthSnapshot } from './auth-storage';

export function useAuth(): TAuthSnapshot {
  return useSyncExternalStore(subscribeAuth, getAuthSnapshot, getAuthSnapshot);
}

/** Whether the MD's admin key floats over the Sales screen (spec 1 §2: MD, admin menu locked): it needs room. */
export function useAdminKeyFloats(): boolean {
  const auth = useAuth();
  return isMdRole(auth.role) && !auth.adminUnlocked;
}
