import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfficer, TOfficerRequest } from '@app/domain/schemas/settings';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** Adds an officer, or changes one when `officerId` is given. */
export const saveOfficer = ({ officerId, body }: { officerId: number | null; body: TOfficerRequest }) =>
  officerId === null
    ? api.post<TOfficer>('/settings/inventory-officers', body)
    : api.put<TOfficer>(`/settings/inventory-officers/${officerId}`, body);

export const deleteOfficer = (officerId: number) =>
  api.delete<{ msg: string }>(`/settings/inventory-officers/${officerId}`);

export function useSaveOfficer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOfficer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.officers() }),
  });
}

export function useDeleteOfficer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOfficer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.officers() }),
  });
}
