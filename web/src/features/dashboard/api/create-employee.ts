import type { TEmployeeCreated } from '@app/domain/schemas/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export type TCreateEmployeeInput = { name: string; email: string; password: string };
export type TCreateEmployeeResponse = TEmployeeCreated;

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
