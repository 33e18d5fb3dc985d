import type { TAccessCodeStatus } from '@app/domain/schemas/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export const getAccessCodeStatus = () => api.get<TAccessCodeStatus>('/settings/access-code');

export const getAccessCodeStatusQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.accessCode(), queryFn: getAccessCodeStatus, staleTime: 0 });

export function useAccessCodeStatus(enabled: boolean) {
  return useQuery({ ...getAccessCodeStatusQueryOptions(), enabled });
}
