import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEmployee } from '@app/domain/schemas/employees';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export const getSettingsEmployees = () => api.get<TEmployee[]>('/settings/employees');

export const getSettingsEmployeesQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.employees(), queryFn: getSettingsEmployees });

export function useSettingsEmployees(enabled: boolean) {
  return useQuery({ ...getSettingsEmployeesQueryOptions(), enabled });
}
