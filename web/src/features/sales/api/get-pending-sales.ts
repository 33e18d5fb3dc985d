import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSale } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { offlineDb, offlineUserId, withOfflineFallback } from '../../../lib/offline/offline-sync';
import { keepPendingSales, offlinePendingSales } from '../../../lib/offline/reference';
import { salesKeys } from './sales-keys';

/** The list as the server answered it, kept on the device for the next time it cannot be reached. */
async function readAndKeep(): Promise<TSale[]> {
  const sales = await api.get<TSale[]>('/sales/pending');
  const userId = offlineUserId();
  try {
    if (userId !== null) await keepPendingSales(await offlineDb(), userId, sales);
  } catch {
    // A device without IndexedDB (a private window) still shows the list; it keeps no copy.
  }
  return sales;
}

/** Sales with money outstanding, the oldest due first; the device's last copy when offline. */
export const getPendingSales = () => withOfflineFallback(readAndKeep, offlinePendingSales);

export const getPendingSalesQueryOptions = () =>
  queryOptions({ queryKey: salesKeys.pending(), queryFn: getPendingSales, networkMode: 'always' });

export function usePendingSales() {
  return useQuery(getPendingSalesQueryOptions());
}
