import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfficer } from '@app/domain/schemas/settings';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export const getOfficers = () => api.get<TOfficer[]>('/settings/inventory-officers');

export function useOfficers() {
  return useQuery(queryOptions({ queryKey: settingsKeys.officers(), queryFn: getOfficers }));
}
