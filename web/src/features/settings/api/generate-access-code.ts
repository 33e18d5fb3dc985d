import type { TGeneratedAccessCode } from '@app/domain/schemas/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** A new 6-digit code; the server keeps only its hash, so this answer is the one chance to see it. */
export const generateAccessCode = () => api.put<TGeneratedAccessCode>('/settings/access-code/generate');

export function useGenerateAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAccessCode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.accessCode() }),
  });
}
