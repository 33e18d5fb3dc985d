import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * On load, every 120 s while the shell is mounted, and on each move to another section (`place`): a key the
 * MD just granted or took back shows on the next screen the employee opens, not two minutes later.
 */
export function useMyPermissionsRefresh(enabled: boolean, place: string) {
  const queryClient = useQueryClient();
  const shown = useRef(place);
  useEffect(() => {
    // The first place is read with the shell's first fetch.
    if (shown.current === place) return;
    shown.current = place;
    if (enabled) void queryClient.invalidateQueries({ queryKey: myPermissionsKeys.all });
  }, [enabled, place, queryClient]);
  return useQuery({ ...getMyPermissionsQueryOptions(), enabled });
}
