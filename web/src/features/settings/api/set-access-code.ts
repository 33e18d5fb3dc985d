import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAccessCodeRequest } from '@app/domain/schemas/stock';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export const setAccessCode = (request: TAccessCodeRequest) =>
  api.put<{ msg?: string }>('/settings/access-code', request);

export function useSetAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccessCode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.accessCode() }),
  });
}
