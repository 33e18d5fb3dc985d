import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAlertSettings, TAlertSettingsRequest } from '@app/domain/schemas/alerts';
import { api } from '../../../lib/api-client';
import { alertSettingsKey } from './get-alert-settings';

export const saveAlertSettings = (settings: TAlertSettingsRequest) =>
  api.put<TAlertSettings>('/settings/alerts', settings);

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: (settings) => queryClient.setQueryData(alertSettingsKey(), settings),
  });
}
