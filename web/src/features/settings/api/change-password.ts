import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest, TChangePasswordResponse } from '@app/domain/schemas/settings-account';
import { api } from '../../../lib/api-client';

export const changePassword = (request: TChangePasswordRequest) =>
  api.post<TChangePasswordResponse>('/settings/change-password', request);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
