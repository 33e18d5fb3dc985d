import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPermission } from '@app/domain/permissions/catalogue';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export type TCatalogueEntry = Pick<TPermission, 'resource_key' | 'name' | 'description' | 'category'> & {
  recommended_roles: readonly string[];
};

export const getPermissionCatalogue = () => api.get<TCatalogueEntry[]>('/settings/permissions');

export const getPermissionCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.permissionCatalogue(),
    queryFn: getPermissionCatalogue,
    staleTime: 10 * 60_000,
  });

export function usePermissionCatalogue(enabled: boolean) {
  return useQuery({ ...getPermissionCatalogueQueryOptions(), enabled });
}
