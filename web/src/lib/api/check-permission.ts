import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export const permissionCheckKeys = {
  all: ['permission-check'] as const,
  detail: (userId: number, resourceKey: string) => [...permissionCheckKeys.all, userId, resourceKey] as const,
};

export const checkPermission = (userId: number, resourceKey: string) =>
  api.get<{ has_permission: boolean }>('/permissions/check', {
    query: { user_id: userId, resource_key: resourceKey },
  });

export const getPermissionCheckQueryOptions = (userId: number, resourceKey: string) =>
  queryOptions({
    queryKey: permissionCheckKeys.detail(userId, resourceKey),
    queryFn: () => checkPermission(userId, resourceKey),
    staleTime: 60_000,
    retry: false,
  });

export function usePermissionCheck(userId: number | null, resourceKey: string, enabled: boolean) {
  return useQuery({
    ...getPermissionCheckQueryOptions(userId ?? 0, resourceKey),
    enabled: enabled && userId !== null,
  });
}
