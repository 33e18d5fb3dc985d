import { useQuery } from '@tanstack/react-query';
import { api, API_BASE } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { grantHeaders } from './admin-grant';

/** Keeps an opened file's address alive long enough for a slow phone to show it. */
const KEEP_OPEN_URL_MS = 5 * 60_000;
const pathOf = (url: string) => (url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url);

/** Opens a vendor's document in a new tab: fetched with the grant, never a public address. */
export async function openAdminFile(url: string, grant: string): Promise<void> {
  // The tab opens now, in the click: opened after the download, a popup blocker would stop it.
  const tab = window.open('', '_blank');
  try {
    const blob = await api.getBlob(pathOf(url), { headers: grantHeaders(grant) });
    const objectUrl = URL.createObjectURL(blob);
    if (tab) tab.location.href = objectUrl;
    else window.location.assign(objectUrl);
    setTimeout(() => URL.revokeObjectURL(objectUrl), KEEP_OPEN_URL_MS);
  } catch (error) {
    tab?.close();
    notifyError(error, 'Failed to open the file');
  }
}

/** A product image fetched with the grant, as a blob: address for an <img> (kept apart from the lists' keys). */
export function useAdminImage(url: string | undefined, grant: string) {
  return useQuery({
    queryKey: ['vendor-admin-image', url ?? ''],
    queryFn: async () =>
      URL.createObjectURL(await api.getBlob(pathOf(url!), { headers: grantHeaders(grant) })),
    enabled: Boolean(url),
    staleTime: Infinity,
    gcTime: KEEP_OPEN_URL_MS,
  });
}
