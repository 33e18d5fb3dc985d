import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPermissionGrant } from '@app/domain/schemas/employees';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export type TSaveGrantsInput = { employeeId: number; grants: TPermissionGrant[] };

export const saveEmployeePermissions = ({ employeeId, grants }: TSaveGrantsInput) =>
  api.post<unknown>(`/settings/employee-permissions/${employeeId}`, grants);

export function useSaveEmployeePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmployeePermissions,
    onSuccess: (_data, { employeeId, grants }) => {
      queryClient.setQueryData(settingsKeys.employeePermissions(employeeId), grants);
    },
  });
}
