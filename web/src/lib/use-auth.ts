import { useSyncExternalStore } from 'react';
import { getAuthSnapshot, subscribeAuth, type TAuthSnapshot } from './auth-storage';

export function useAuth(): TAuthSnapshot {
  return useSyncExternalStore(subscribeAuth, getAuthSnapshot, getAuthSnapshot);
}
