import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAlertSettings } from '@app/domain/schemas/alerts';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export const alertSettingsKey = () => [...settingsKeys.all, 'alerts'] as const;

export const getAlertSettings = () => api.get<TAlertSettings>('/settings/alerts');

/** Read only when `enabled` (the MD's): anyone else would get a 403. */
export function useAlertSettings(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: alertSettingsKey(), queryFn: getAlertSettings, enabled }));
}
