import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEmployee } from '@app/domain/schemas/employees';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export const getEmployees = () => api.get<TEmployee[]>('/dashboard/employees');

export const getEmployeesQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.employees(), queryFn: getEmployees });

/** MD only (spec 1 §6); a failure is only logged (spec 1 §8). */
export function useEmployees(enabled: boolean) {
  return useQuery({ ...getEmployeesQueryOptions(), enabled });
}
