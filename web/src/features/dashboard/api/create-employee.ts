import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEmployee } from '@app/domain/schemas/employees';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export type TCreateEmployeeInput = { name: string; email: string; password: string };
export type TCreateEmployeeResponse = { success: boolean; message?: string; employee?: TEmployee };

export const createEmployee = (input: TCreateEmployeeInput) =>
  api.post<TCreateEmployeeResponse>('/dashboard/create-employee', input);

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.employees() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() });
    },
  });
}
