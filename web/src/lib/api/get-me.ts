import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserMeResponse } from '@app/domain/schemas/auth';
import { api } from '../api-client';

export const meKeys = { all: ['users', 'me'] as const };

export const getMe = () => api.get<TUserMeResponse>('/users/me');

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: meKeys.all, queryFn: getMe, staleTime: 5 * 60_000 });

export function useMe(enabled = true) {
  return useQuery({ ...getMeQueryOptions(), enabled });
}
