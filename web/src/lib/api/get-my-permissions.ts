import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyPermissionsResponse } from '@app/domain/schemas/auth';
import { api } from '../api-client';
import { savePermissions } from '../auth-storage';

export const PERMISSION_REFRESH_MS = 120_000;

export const myPermissionsKeys = { all: ['my-permissions'] as const };

/** Fetches and stores the signed-in user's permissions; failures are swallowed (spec 1 §4). */
export async function refreshMyPermissions(): Promise<TMyPermissionsResponse | null> {
  try {
    const response = await api.get<TMyPermissionsResponse>('/auth/my-permissions');
    if (Array.isArray(response?.permissions) && Array.isArray(response.permission_codes)) {
      savePermissions(response);
    }
    return response ?? null;
  } catch {
    return null;
  }
}

export const getMyPermissionsQueryOptions = () =>
  queryOptions({
    queryKey: myPermissionsKeys.all,
    queryFn: refreshMyPermissions,
    refetchInterval: PERMISSION_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** On load and every 120 s while the shell is mounted. */
export function useMyPermissionsRefresh(enabled: boolean) {
  return useQuery({ ...getMyPermissionsQueryOptions(), enabled });
}
