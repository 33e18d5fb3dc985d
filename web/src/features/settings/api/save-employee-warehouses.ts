import type { TWarehouseGrant } from '@app/domain/schemas/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TEmployeeWarehouse } from './get-employee-warehouses';
import { settingsKeys } from './settings-keys';

export type TSaveWarehousesInput = { employeeId: number; grants: TWarehouseGrant[] };

export const saveEmployeeWarehouses = ({ employeeId, grants }: TSaveWarehousesInput) =>
  api.post<TEmployeeWarehouse[]>(`/settings/employee-warehouses/${employeeId}`, grants);

export function useSaveEmployeeWarehouses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmployeeWarehouses,
    onSuccess: (list, { employeeId }) => {
      if (Array.isArray(list)) queryClient.setQueryData(settingsKeys.employeeWarehouses(employeeId), list);
      else void queryClient.invalidateQueries({ queryKey: settingsKeys.employeeWarehouses(employeeId) });
    },
  });
}
