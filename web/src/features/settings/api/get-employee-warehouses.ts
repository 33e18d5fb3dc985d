import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** A warehouse and whether the employee may use it; access_all: open to every employee. */
export type TEmployeeWarehouse = {
  warehouse_id: number;
  warehouse_name: string;
  access_all: boolean;
  can_access: boolean;
};

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
