import type { TEmployeeWarehouse } from '@app/domain/schemas/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export type { TEmployeeWarehouse } from '@app/domain/schemas/stock';

export const getEmployeeWarehouses = (employeeId: number) =>
  api.get<TEmployeeWarehouse[]>(`/settings/employee-warehouses/${employeeId}`);

export const getEmployeeWarehousesQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: settingsKeys.employeeWarehouses(employeeId),
    queryFn: () => getEmployeeWarehouses(employeeId),
    staleTime: 0,
  });

export function useEmployeeWarehouses(employeeId: number | null) {
  return useQuery({ ...getEmployeeWarehousesQueryOptions(employeeId ?? 0), enabled: employeeId !== null });
}
