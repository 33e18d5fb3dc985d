import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPermissionGrant } from '@app/domain/schemas/employees';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export const getEmployeePermissions = (employeeId: number) =>
  api.get<TPermissionGrant[]>(`/settings/employee-permissions/${employeeId}`);

export const getEmployeePermissionsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: settingsKeys.employeePermissions(employeeId),
    queryFn: () => getEmployeePermissions(employeeId),
    staleTime: 0,
  });

export function useEmployeePermissions(employeeId: number | null) {
  return useQuery({ ...getEmployeePermissionsQueryOptions(employeeId ?? 0), enabled: employeeId !== null });
}
